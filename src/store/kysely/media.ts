import type { Kysely } from 'kysely';
import type { ProcessedImage, VariantFormat } from '../../media/images.js';
import { toRfc3339 } from '../../lib/clock.js';
import type { MediaFile, MediaInfo, MediaStore } from '../ports/index.js';
import { inTransaction } from './in-transaction.js';
import type { Database } from './schema.js';

const asBuffer = (data: Buffer | Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data));

export class KyselyMediaStore implements MediaStore {
  constructor(private readonly db: Kysely<Database>) {}

  async put(image: ProcessedImage, nowMs: number): Promise<MediaInfo> {
    await inTransaction(this.db, async (trx) => {
      const inserted = await trx
        .insertInto('media')
        .values({ id: image.id, content_type: image.content_type, width: image.width, height: image.height, placeholder: image.placeholder, original: image.original, created_at: toRfc3339(nowMs) })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      // Stored before (same original): keep the variants pages already link to.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      for (const v of image.variants) {
        await trx
          .insertInto('media_variants')
          .values({ file: v.file, media_id: image.id, format: v.format, content_type: v.content_type, width: v.width, height: v.height, data: v.data })
          .onConflict((oc) => oc.column('file').doNothing())
          .execute();
      }
    });
    return (await this.get(image.id))!;
  }

  async get(id: string): Promise<MediaInfo | undefined> {
    const row = await this.db.selectFrom('media').select(['id', 'content_type', 'width', 'height', 'placeholder']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const variants = await this.db
      .selectFrom('media_variants')
      .select(['file', 'format', 'content_type', 'width', 'height'])
      .where('media_id', '=', id)
      .orderBy('width')
      .orderBy('format')
      .execute();
    return {
      id: row.id,
      content_type: row.content_type,
      width: Number(row.width),
      height: Number(row.height),
      placeholder: row.placeholder,
      variants: variants.map((v) => ({ file: v.file, format: v.format as VariantFormat, content_type: v.content_type, width: Number(v.width), height: Number(v.height) })),
    };
  }

  async variant(file: string): Promise<MediaFile | undefined> {
    const row = await this.db.selectFrom('media_variants').select(['content_type', 'data']).where('file', '=', file).executeTakeFirst();
    return row ? { content_type: row.content_type, data: asBuffer(row.data) } : undefined;
  }

  async original(id: string): Promise<MediaFile | undefined> {
    const row = await this.db.selectFrom('media').select(['content_type', 'original']).where('id', '=', id).executeTakeFirst();
    return row ? { content_type: row.content_type, data: asBuffer(row.original) } : undefined;
  }
}
