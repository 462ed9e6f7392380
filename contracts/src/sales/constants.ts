/** The admin sale form's client name, at most (admin-spec §5). */
export const CLIENT_NAME_MAX_LENGTH = 100;
