import { BoundedMap } from '../lib/bounded-map.js';
import type { ClientRecord, ClientStore } from '../store/ports/index.js';
import { ClientMetadataDocuments, ClientMetadataError, isClientIdUrl } from './client-metadata-document.js';

/**
 * Every client this server knows: registered ones (RFC 7591) by their minted id, and clients
 * that identify with the URL of their metadata document.
 */
export class ClientDirectory {
  /**
   * Registered clients read so far. Registration (RFC 7591) is the only writer of a minted id's
   * record and nothing changes or deletes one, so a record read once is the record on every
   * instance: the token endpoint no longer reads it for every token (~10 µs of ~90, issue 17).
   * Only records found are kept — an id unknown here may be registered on another instance a
   * moment later. Frozen, as every caller shares them.
   */
  private readonly registered = new BoundedMap<string, ClientRecord>(REGISTERED_CLIENTS_KEPT);

  constructor(
    private readonly clients: Pick<ClientStore, 'get'>,
    private readonly documents: ClientMetadataDocuments,
  ) {}

  /** The client, or a ClientMetadataError saying why its document cannot be used; undefined when unknown. */
  async resolve(clientId: string): Promise<ClientRecord | undefined> {
    if (isClientIdUrl(clientId)) return this.documents.resolve(clientId);
    if (clientId.length > 200) return undefined;
    const kept = this.registered.get(clientId);
    if (kept !== undefined) return kept;
    const record = await this.clients.get(clientId);
    if (record !== undefined) this.registered.set(clientId, freeze(record));
    return record;
  }

  /** As resolve, with an unusable document reading as an unknown client (the token endpoint's invalid_client). */
  async get(clientId: string): Promise<ClientRecord | undefined> {
    try {
      return await this.resolve(clientId);
    } catch (error) {
      if (error instanceof ClientMetadataError) return undefined;
      throw error;
    }
  }
}

/** At ~1 KB a record, a few MB at most. */
const REGISTERED_CLIENTS_KEPT = 4096;

function freeze(record: ClientRecord): ClientRecord {
  Object.freeze(record.grant_types);
  Object.freeze(record.redirect_uris);
  return Object.freeze(record);
}
