import type { Kysely } from 'kysely';
import type { InquiryRecord, InquiryStore } from '../ports/index.js';
import type { Database, InquiriesTable } from './schema.js';

function toInquiry(row: InquiriesTable): InquiryRecord {
  return { ...row, project_slugs: JSON.parse(row.project_slugs) as string[], source: row.source as InquiryRecord['source'] };
}

export class KyselyInquiryStore implements InquiryStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(inquiry: InquiryRecord): Promise<void> {
    await this.db
      .insertInto('inquiries')
      .values({ ...inquiry, project_slugs: JSON.stringify(inquiry.project_slugs) })
      .execute();
  }

  async get(id: string): Promise<InquiryRecord | undefined> {
    const row = await this.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toInquiry(row) : undefined;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('inquiries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(limit: number): Promise<InquiryRecord[]> {
    const rows = await this.db.selectFrom('inquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toInquiry);
  }
}
