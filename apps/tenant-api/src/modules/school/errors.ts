/** The closed set of this area's error codes: the common BAD_USER_INPUT (field school_name or school_logo). */
export const SchoolError = { BadInput: 'BAD_USER_INPUT' } as const;
