/**
 * BUILD_BASE_IMAGES: the base images of generated Dockerfiles, by role, e.g.
 * `node=registry.local/node:20-bookworm-slim,static=registry.local/busybox:1.36`. Unnamed roles
 * keep their default. Tags are configuration so an operator pins, mirrors or upgrades them.
 */
export const DEFAULT_BASE_IMAGES = {
  node: 'docker.io/library/node:20-bookworm-slim',
  python: 'docker.io/library/python:3.12-slim',
  php: 'docker.io/library/php:8.3-apache',
  composer: 'docker.io/library/composer:2',
  maven: 'docker.io/library/maven:3.9-eclipse-temurin-21',
  gradle: 'docker.io/library/gradle:8-jdk21',
  java: 'docker.io/library/eclipse-temurin:21-jre',
  static: 'docker.io/library/busybox:1.36',
} as const;

export type BaseImageRole = keyof typeof DEFAULT_BASE_IMAGES;
export type BaseImages = Record<BaseImageRole, string>;

const REFERENCE = /^[a-z0-9][a-z0-9._\-/:@]*$/i;

/** Parses `role=image,role=image`; throws with the faulty entry (the configuration error names it). */
export function parseBaseImages(text: string | undefined): BaseImages {
  const images: BaseImages = { ...DEFAULT_BASE_IMAGES };
  for (const entry of (text ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const [role, image, ...rest] = trimmed.split('=').map((s) => s.trim());
    if (!role || !(role in DEFAULT_BASE_IMAGES))
      throw new Error(
        `"${trimmed}": unknown role (${Object.keys(DEFAULT_BASE_IMAGES).join(', ')})`,
      );
    if (!image || rest.length > 0 || !REFERENCE.test(image))
      throw new Error(
        `"${trimmed}" is not role=image (e.g. node=docker.io/library/node:20-bookworm-slim)`,
      );
    images[role as BaseImageRole] = image;
  }
  return images;
}
