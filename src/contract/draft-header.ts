/**
 * The longest draft name, without schemas: the basket's draft dialog limits its field with it and
 * needs none of the drafts contract's schemas (spec §5).
 */
export const DRAFT_HEADER_MAX_LENGTH = 200
