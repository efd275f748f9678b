import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A file list (spec part 2 §3 File list): a message and its attachments. */
export const FileList = defineEntity({
  name: 'FileList',
  tableName: 'file_lists',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.text(),
    message: p.text(),
    userId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IFileList = InferEntity<typeof FileList>;

/** One attachment of a list: its name and the stored file (empty path until uploaded). */
export const FileListOption = defineEntity({
  name: 'FileListOption',
  tableName: 'file_list_options',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    fileListId: p.integer(),
    name: p.text(),
    path: p.text(),
    mediaType: p.text(),
    position: p.integer(),
  }),
});
export type IFileListOption = InferEntity<typeof FileListOption>;
