import { DEFAULT_PORT, type BuildPlan } from './plan';
import type { RepoFiles } from './repo-files';

/** The module that holds `app = Flask(…)` / `FastAPI(…)`, among the usual names. */
async function appModule(files: RepoFiles, constructor: RegExp): Promise<string | null> {
  for (const name of ['app.py', 'main.py', 'wsgi.py', 'asgi.py', 'server.py', 'application.py']) {
    const text = await files.text(name);
    const match = text && new RegExp(`^(\\w+)\\s*=\\s*${constructor.source}`, 'm').exec(text);
    if (match) return `${name.replace(/\.py$/, '')}:${match[1]}`;
  }
  return null;
}

export async function detectPython(files: RepoFiles): Promise<BuildPlan | null> {
  const requirements = await files.text('requirements.txt');
  const pyproject = await files.text('pyproject.toml');
  if (requirements === null && pyproject === null) return null;
  const install =
    requirements !== null
      ? 'pip install --no-cache-dir -r requirements.txt'
      : /\[tool\.poetry\]/.test(pyproject ?? '')
        ? 'pip install --no-cache-dir poetry && poetry config virtualenvs.create false && poetry install --only main --no-root --no-interaction'
        : 'pip install --no-cache-dir .';
  const deps = `${requirements ?? ''}\n${pyproject ?? ''}`.toLowerCase();
  const has = (name: string) =>
    new RegExp(`(^|[\\s"'])${name}([\\s<>=~!\\[;"']|$)`, 'm').test(deps);

  let framework: string | null = null;
  let start: string | null = null;
  let server = '';
  if (has('django') && (await files.exists('manage.py'))) {
    framework = 'django';
    server = 'gunicorn';
    for (const dir of await files.list()) {
      if (await files.exists(`${dir}/wsgi.py`)) {
        start = `gunicorn ${dir}.wsgi:application --bind 0.0.0.0:$PORT`;
        break;
      }
    }
  } else if (has('fastapi')) {
    framework = 'fastapi';
    server = 'uvicorn';
    const mod = await appModule(files, /FastAPI\(/);
    if (mod) start = `uvicorn ${mod} --host 0.0.0.0 --port $PORT`;
  } else if (has('flask')) {
    framework = 'flask';
    server = 'gunicorn';
    const mod = await appModule(files, /Flask\(/);
    if (mod) start = `gunicorn ${mod} --bind 0.0.0.0:$PORT`;
  }
  if (!start) {
    server = '';
    for (const name of ['main.py', 'app.py', 'server.py'])
      if (await files.exists(name)) {
        start = `python ${name}`;
        break;
      }
  }
  if (!start) return null;
  return {
    detected: { kind: 'python', framework, port: DEFAULT_PORT },
    template: 'python',
    variables: {
      INSTALL: install,
      // The WSGI/ASGI server, when the project does not list it.
      SERVER_INSTALL: server && !has(server) ? `pip install --no-cache-dir ${server}` : 'true',
      START: JSON.stringify(['sh', '-c', `exec ${start}`]),
      PORT: String(DEFAULT_PORT),
    },
    baseImages: ['python'],
  };
}
