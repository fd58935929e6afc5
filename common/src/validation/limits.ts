/** Field bounds shared by the server checks and the forms' input attributes. */
export const FIELD_LIMITS = Object.freeze({
  passwordMinLength: 8,
  passwordMaxLength: 256,
  nameMinLength: 2,
  nameMaxLength: 100,
  // The longest address SMTP can deliver to (RFC 5321 path limit less the brackets).
  emailMaxLength: 254,
  apiKeyNameMaxLength: 100,
  avatarUrlMaxLength: 2048,
});
