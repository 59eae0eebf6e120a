/** A file written into a container before it starts (secret-files.ts). */
export interface SecretFile {
  path: string;
  content: string;
  /** Files behind `*_FILE` variables are read by the image's unprivileged user (0444). */
  mode?: number;
}

/** Where every secret file lives inside a container (secret-env.ts re-exports it). */
export const SECRET_DIR = '/run/secrets/nuagedeploy';

/**
 * Secret variables no image reads from a `NAME_FILE` (Drupal's settings, the setup scripts, the
 * variables users give their code): each value is a file of ENV_SECRET_DIR, and this POSIX-sh
 * loader, the container's entrypoint, exports every file as the variable of its name before it
 * `exec`s the container's own entrypoint and command (its arguments). `docker inspect` then
 * shows the loader and the command, never a value.
 *
 * Values are kept byte for byte: the file has no newline added, and `$(cat f && echo x)` with
 * the `x` stripped keeps the trailing newlines a command substitution would drop. `exec` keeps
 * the command as PID 1, so signals and exit codes are the command's.
 */
export const ENV_SECRET_DIR = `${SECRET_DIR}/env`;
export const LOADER_PATH = `${SECRET_DIR}/load-env.sh`;

/** Run by /bin/sh (the file needs no exec bit, the image's user only reads it). */
export const LOADER_ENTRYPOINT = ['/bin/sh', LOADER_PATH];

export const LOADER_SCRIPT = `# NuageDeploy : exporte chaque secret de ${ENV_SECRET_DIR} puis lance la commande du conteneur.
for f in ${ENV_SECRET_DIR}/*; do
  [ -f "$f" ] || continue
  v=$(cat "$f" && echo x) || { echo "nuagedeploy : lecture impossible de $f" >&2; exit 1; }
  export "\${f##*/}=\${v%x}"
done
unset f v
if [ "$#" -eq 0 ]; then
  echo "nuagedeploy : ni ENTRYPOINT ni CMD dans l'image, rien à lancer" >&2
  exit 127
fi
exec "$@"
`;

/** The loader as a file of the plan: not secret, readable by everyone. */
export const loaderFile = (): SecretFile => ({
  path: LOADER_PATH,
  content: LOADER_SCRIPT,
  mode: 0o444,
});

/** What the loader runs: the image's entrypoint then the command (the plan's, else the image's), as Docker does. */
export function originalCommand(image: ImageRunConfig, cmd: string[] | null): string[] {
  return [...image.entrypoint, ...(cmd ?? image.cmd)];
}

/** What the driver reads of an image to run it behind the loader (image-config.ts). */
export interface ImageRunConfig {
  entrypoint: string[];
  cmd: string[];
  /** /bin/sh exists in the image: without it (FROM scratch, distroless) no loader can run. */
  hasShell: boolean;
}
