import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

// Unit tests never talk to a server: the realtime client starts without a socket (realtime.test.ts
// gives it a fake one).
Object.defineProperty(globalThis, 'WebSocket', { value: undefined, configurable: true, writable: true });
