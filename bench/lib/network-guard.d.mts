// Types of network-guard.mjs.
import type { Buffer } from 'node:buffer';
import type { Engine } from './docker-engine.mjs';

export declare function testGuardEnv(prefix: string): Record<string, string>;
export declare function iptables(...args: string[]): Buffer;
export declare function removeTestGuard(engine: Engine, prefix: string): Promise<void>;
