/**
 * Where the owner uploads files (the logo, project images): these requests may be as large as
 * UPLOAD_LIMIT_BYTES; every other body keeps BODY_LIMIT_BYTES. Only signed-in owners or owner
 * tokens get past these routes, and each image is checked again by its own limits.
 */
export function isUploadPath(path: string): boolean {
  return isUploadForm(path) || path === '/api/v1/admin/media' || path.startsWith('/api/v1/admin/projects/');
}

/** The owner's forms with files (the profile with its logo, the project editor): each is posted to the page that shows it. */
export function isUploadForm(path: string): boolean {
  return path === '/admin/profile' || /^\/admin\/projects\/[a-z0-9-]+$/.test(path);
}
