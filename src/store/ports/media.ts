import type { ProcessedImage, VariantFormat } from '../../media/images.js';

/** What pages and the API need to show a stored image: no bytes. */
export interface MediaInfo {
  id: string;
  content_type: string;
  width: number;
  height: number;
  placeholder: string;
  variants: { file: string; format: VariantFormat; content_type: string; width: number; height: number }[];
}

export interface MediaFile {
  content_type: string;
  data: Buffer;
}

/** Project images: originals and their variants, addressed by content hashes. */
export interface MediaStore {
  /** Stores an image and its variants; storing the same original again changes nothing. */
  put(image: ProcessedImage, nowMs: number): Promise<MediaInfo>;
  get(id: string): Promise<MediaInfo | undefined>;
  /** One variant by its file name (`img-<hash>.<ext>`). */
  variant(file: string): Promise<MediaFile | undefined>;
  /** The original as uploaded (for export; never served, it may carry metadata). */
  original(id: string): Promise<MediaFile | undefined>;
}
