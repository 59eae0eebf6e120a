// Types of wordpress-images.mjs.
export declare const WORDPRESS_IMAGE: { repository: string; tag: string };
export declare const WPCLI_IMAGE: string;
export declare const WPCLI_STANDIN: string;
export declare function realImagesSkipReason(): string | null;
export declare function ensureRealWordpressImages(opts?: {
  timeoutMs?: number;
}): Promise<{ app: { repository: string; tag: string }; imageOverrides: string }>;
