import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { INQUIRY_STATUSES, OPEN_STATUSES, type InboxInquiry, type InquiryStatus } from '../../model/inquiry.js';
import type { CredentialKind, IdentityType } from '../../model/principal.js';
import type { InboxQuery, InquiryRecord, InquiryStore, Provenance } from '../ports/index.js';
import { prepared, type DialectName } from './prepared.js';
import { containing } from './substring-match.js';
import type { Database, InquiriesTable } from './schema.js';

type InquiryRow = Omit<InquiriesTable, 'status' | 'status_changed_at'>;
const insertInquiry = prepared((db, row: Readonly<InquiryRow>) => db.insertInto('inquiries').values(row));

function toInquiry(row: Selectable<InquiriesTable>): InboxInquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    project_slugs: JSON.parse(row.project_slugs) as string[],
    budget: row.budget,
    timeline: row.timeline,
    source: row.source as InquiryRecord['source'],
    client_id: row.client_id,
    created_at: row.created_at,
    status: row.status as InquiryStatus,
    status_changed_at: row.status_changed_at,
    credential: row.credential as CredentialKind | null,
    identity_type: row.identity_type as IdentityType | null,
    subject: row.subject,
  };
}

/** The inbox's text search: name, email, company or message contain it, case-insensitively. */
function matching(eb: ExpressionBuilder<Database, 'inquiries'>, text: string): Expression<SqlBool> {
  const pattern = containing(text);
  const like = (column: 'name' | 'email' | 'company' | 'message') => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
  // The reference the thank-you page gives a sender ("quote it if you write to us") finds its inquiry.
  const reference = /^inq_[A-Za-z0-9_-]{1,64}$/.test(text.trim()) ? [eb('id', '=', text.trim())] : [];
  return eb.or([like('name'), like('email'), like('company'), like('message'), ...reference]);
}

export class KyselyInquiryStore implements InquiryStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async insert(i: InquiryRecord & Provenance): Promise<void> {
    // Every column named, so the compiled statement is the same whatever the record holds.
    const row: InquiryRow = { id: i.id, name: i.name, email: i.email, company: i.company, message: i.message, project_slugs: JSON.stringify(i.project_slugs), budget: i.budget, timeline: i.timeline, source: i.source, client_id: i.client_id, created_at: i.created_at, credential: i.credential, identity_type: i.identity_type, subject: i.subject };
    await insertInquiry(this.db, this.dialect, row);
  }

  async get(id: string): Promise<InboxInquiry | undefined> {
    const row = await this.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toInquiry(row) : undefined;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('inquiries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(query: InboxQuery): Promise<InboxInquiry[]> {
    const rows = await this.db
      .selectFrom('inquiries')
      .selectAll()
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [];
        if (query.status === 'open') conditions.push(eb('status', 'in', OPEN_STATUSES));
        else if (query.status) conditions.push(eb('status', '=', query.status));
        if (query.text) conditions.push(matching(eb, query.text));
        const after = query.after;
        if (after) conditions.push(eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
        return eb.and(conditions);
      })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
    return rows.map((row) => toInquiry(row));
  }

  async countByStatus(text?: string): Promise<Record<InquiryStatus, number>> {
    const rows = await this.db
      .selectFrom('inquiries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .$if(Boolean(text), (qb) => qb.where((eb) => matching(eb, text!)))
      .groupBy('status')
      .execute();
    const counts = Object.fromEntries(INQUIRY_STATUSES.map((status) => [status, 0])) as Record<InquiryStatus, number>;
    for (const row of rows) if ((INQUIRY_STATUSES as readonly string[]).includes(row.status)) counts[row.status as InquiryStatus] = Number(row.n);
    return counts;
  }

  async setStatus(id: string, status: InquiryStatus, at: string): Promise<boolean> {
    const result = await this.db.updateTable('inquiries').set({ status, status_changed_at: at }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('inquiries').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
