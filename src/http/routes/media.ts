import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { ImageVariantSchema } from '../../catalog/schemas.js';
import type { Clock } from '../../lib/clock.js';
import { ERROR_CODES } from '../../lib/errors.js';
import { processImage, type ImageLimits } from '../../media/images.js';
import { imageFromMedia } from '../../media/project-images.js';
import type { OwnerTokens } from '../../owner/owner-tokens.js';
import type { MediaStore } from '../../store/ports/index.js';
import type { AppEnv } from '../env.js';
import { rejectNulInUploads } from '../middleware/no-nul.js';
import { ownerTokenAuth } from '../middleware/owner-auth.js';
import { problemResponse, unsupportedMediaTypeResponse } from '../openapi/schemas.js';
import { problem } from '../responses/problem.js';

export const ADMIN_MEDIA_PATH = '/api/v1/admin/media';
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'application/octet-stream'];

const UploadedImageSchema = z
  .object({
    media: z.string().describe('Use as `media` in a project\'s `images` (with your `alt` text) to show it.'),
    url: z.string().url(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(ImageVariantSchema),
  })
  .openapi('UploadedImage', { description: 'A stored image: checked by its bytes, metadata stripped, orientation applied, in AVIF, WebP and JPEG at a few widths.' });

/** POST /api/v1/admin/media: the owner uploads one image (its bytes as the body) for a project. */
export function registerAdminMediaApi(app: OpenAPIHono<AppEnv>, deps: { media: MediaStore; tokens: OwnerTokens; clock: Clock; limits?: ImageLimits }): void {
  app.use(ADMIN_MEDIA_PATH, ownerTokenAuth(deps.tokens));
  app.use(ADMIN_MEDIA_PATH, rejectNulInUploads);
  app.openAPIRegistry.registerPath({
    tags: ['Admin'],
    security: [{ ownerToken: [] }],
    method: 'post',
    path: ADMIN_MEDIA_PATH,
    operationId: 'uploadAdminImage',
    summary: 'Upload an image (JPEG, PNG, WebP, AVIF or GIF; the body is the file), then name it in a project\'s images',
    request: { body: { required: true, content: Object.fromEntries(UPLOAD_TYPES.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) } },
    responses: {
      201: { description: 'Stored (or stored before: the same bytes give the same id).', headers: { Location: { required: true, schema: { type: 'string' } } }, content: { 'application/json': { schema: UploadedImageSchema } } },
      401: problemResponse('No owner API token, or not a live one.'),
      413: problemResponse('The file is larger than the upload limit.'),
      415: unsupportedMediaTypeResponse('The body is not sent as an image type.', 'Accept-Post'),
      422: problemResponse('The bytes are not an accepted image (SVG, HTML, a damaged file), or it has too many pixels; `errors` says which.'),
    },
  });
  app.post(ADMIN_MEDIA_PATH, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!UPLOAD_TYPES.includes(type)) {
      return problem(c, { status: 415, code: ERROR_CODES.unsupportedMediaType, title: 'Unsupported media type', detail: 'Send the image file itself as the body, e.g. Content-Type: image/jpeg.' }, { 'accept-post': UPLOAD_TYPES.join(', ') });
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const info = await deps.media.put(await processImage(bytes, deps.limits), deps.clock.now());
    const image = imageFromMedia(info, '', null);
    const base = c.get('baseUrl');
    const body = { media: info.id, url: `${base}${image.url}`, width: image.width, height: image.height, variants: image.variants!.map((v) => ({ ...v, url: `${base}${v.url}` })) };
    return c.newResponse(JSON.stringify(body), 201, { 'content-type': 'application/json', 'cache-control': 'private, no-store', location: body.url });
  });
}
