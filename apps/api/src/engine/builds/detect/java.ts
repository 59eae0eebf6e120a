import { DEFAULT_PORT, type BuildPlan } from './plan';
import type { RepoFiles } from './repo-files';

export async function detectJava(files: RepoFiles): Promise<BuildPlan | null> {
  const pom = await files.text('pom.xml');
  const gradle = (await files.text('build.gradle')) ?? (await files.text('build.gradle.kts'));
  if (pom === null && gradle === null) return null;
  const spring = /spring-boot/.test(`${pom ?? ''}${gradle ?? ''}`) ? 'spring' : null;
  if (pom !== null) {
    return {
      detected: { kind: 'java', framework: spring, port: DEFAULT_PORT },
      template: 'java-maven',
      variables: {
        BUILD: (await files.exists('mvnw'))
          ? 'chmod +x mvnw && ./mvnw -B -q -DskipTests package'
          : 'mvn -B -q -DskipTests package',
        PORT: String(DEFAULT_PORT),
      },
      baseImages: ['maven', 'java'],
    };
  }
  const task = spring ? 'bootJar' : 'build';
  return {
    detected: { kind: 'java', framework: spring, port: DEFAULT_PORT },
    template: 'java-gradle',
    variables: {
      BUILD: (await files.exists('gradlew'))
        ? `chmod +x gradlew && ./gradlew --no-daemon -x test ${task}`
        : `gradle --no-daemon -x test ${task}`,
      PORT: String(DEFAULT_PORT),
    },
    baseImages: ['gradle', 'java'],
  };
}
