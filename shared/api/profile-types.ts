// Who is an admin, and the field a profile picture travels in: read by the server and by page
// scripts alike, so this module imports no zod.

/** Spec section 6: profile types 1 and 2 are admins (the debug and time-taken line on listings). */
export const ADMIN_PROFILE_TYPES: readonly number[] = [1, 2];

export function isAdminProfileType(profileType: number | null | undefined): boolean {
  return profileType !== null && profileType !== undefined && ADMIN_PROFILE_TYPES.includes(profileType);
}

/** The field an upload's image travels in (multipart/form-data); a raw image body works too. */
export const PROFILE_IMAGE_FIELD = 'image';
