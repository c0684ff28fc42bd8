import { LocalFolderStorage, type LocalStorageConfig } from './local';
import { S3Storage, type S3StorageConfig } from './s3';
import type { ExportStorage } from './storage';

/** Where export files live (STORAGE and its variables, parsed in config.ts), as plain data. */
export type StorageConfig = ({ kind: 'local' } & LocalStorageConfig) | ({ kind: 's3' } & S3StorageConfig);

/**
 * Builds the configured storage. The AWS SDK is loaded only when S3 is configured, so the default
 * local folder costs an api process nothing of it.
 */
export async function createExportStorage(config: StorageConfig): Promise<ExportStorage & { close?(): void }> {
  switch (config.kind) {
    case 'local': {
      return new LocalFolderStorage({ dir: config.dir });
    }
    case 's3': {
      const { kind: _kind, ...s3 } = config;
      return S3Storage.create(s3);
    }
  }
}
