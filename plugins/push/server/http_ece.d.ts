// Minimal typings for http_ece (RFC 8188 encrypted content encoding), used by the push tests.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    key?: string | Buffer;
    salt?: string | Buffer;
    keyid?: string | Buffer;
    privateKey?: ECDH;
    dh?: string | Buffer;
    authSecret?: string | Buffer;
    rs?: number;
  }

  const ece: {
    encrypt(data: Buffer, params: EceParams): Buffer;
    decrypt(data: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
