/** Date from which the privacy policy and the terms apply (docs/product.md#information-pages). */
export const LEGAL_EFFECTIVE = "December 2024";
