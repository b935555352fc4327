import type { ClientRecord, ClientStore } from '../store/ports/index.js';
import { ClientMetadataDocuments, ClientMetadataError, isClientIdUrl } from './client-metadata-document.js';

/**
 * Every client this server knows: registered ones (RFC 7591) by their minted id, and clients
 * that identify with the URL of their metadata document.
 */
export class ClientDirectory {
  constructor(
    private readonly clients: Pick<ClientStore, 'get'>,
    private readonly documents: ClientMetadataDocuments,
  ) {}

  /** The client, or a ClientMetadataError saying why its document cannot be used; undefined when unknown. */
  async resolve(clientId: string): Promise<ClientRecord | undefined> {
    if (isClientIdUrl(clientId)) return this.documents.resolve(clientId);
    return clientId.length <= 200 ? this.clients.get(clientId) : undefined;
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
