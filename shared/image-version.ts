// The version in every picture URL (shared/images.ts): it changes when the drawings change.
// A module of its own so the shell, which needs only this, does not carry the picture rules.
export const IMAGE_VERSION = 'v1';
