import yazl from 'yazl';

export interface ZipEntry { name: string; data: Buffer; compress?: boolean }

/** The entries as one ZIP file (yazl), in memory: a member's copy is a few MB at most. */
export function makeZip(entries: ZipEntry[], mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { mtime, compress: e.compress ?? true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
