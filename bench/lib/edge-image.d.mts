// Types of edge-image.mjs.
export declare const EDGE_TEST_IMAGE: string;
export declare function ensureEdgeImage(socketPath: string, ref?: string): Promise<string>;
