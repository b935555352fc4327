/** A size limit as people read it: `10 MiB`, `2.5 MiB`, `256 KiB`. */
export const formatByteSize = (bytes: number): string => (bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`);
