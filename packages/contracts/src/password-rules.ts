/** A new password's length: long enough to resist guessing, short enough for bcrypt (72 bytes). */
export const NEW_PASSWORD_LENGTH = { min: 8, max: 72 } as const;
