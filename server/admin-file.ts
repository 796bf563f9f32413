import fs from 'node:fs';
import path from 'node:path';

/**
 * `<DATA_DIR>/admin.json`: how `npm run operator` reaches the running server (ADR 0031). Written
 * by the server once it listens, readable by its owner only (0600), removed when it stops. The
 * key in it is new at every start, so an old copy of the file opens nothing.
 */
export interface AdminFile {
  url: string;
  key: string;
  pid: number;
}

export const adminFilePath = (dataDir: string) => path.join(dataDir, 'admin.json');

export function writeAdminFile(dataDir: string, content: AdminFile): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = adminFilePath(dataDir);
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, JSON.stringify(content), { mode: 0o600 });
  fs.renameSync(partial, file);
}

export function removeAdminFile(dataDir: string): void {
  try {
    const file = adminFilePath(dataDir);
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AdminFile>;
    if (content.pid === process.pid) fs.rmSync(file);
  } catch {
    // Not there, or another process's: nothing to remove.
  }
}

export function readAdminFile(dataDir: string): AdminFile | undefined {
  try {
    return JSON.parse(fs.readFileSync(adminFilePath(dataDir), 'utf8')) as AdminFile;
  } catch {
    return undefined;
  }
}
