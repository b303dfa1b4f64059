import { Inject, Injectable } from '@nestjs/common';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** Files (KYC photos, receipts) under STORAGE_DIR, addressed by keys like `receipts/<id>.pdf`. */
@Injectable()
export class StorageService {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = resolve(config.STORAGE_DIR);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  /** Removes a file (a duplicate upload); nothing when it is already gone. */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  /** Keys never leave the storage folder, whatever they contain. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error('storage key outside the storage folder');
    return path;
  }
}
