/** Date from which the privacy policy and the terms apply (seed 000 §2: December 2024). */
export const LEGAL_EFFECTIVE = "December 2024";
