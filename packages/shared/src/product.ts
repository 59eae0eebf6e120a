/** Display name and tagline, kept in one place so a rename touches one file. */
export const PRODUCT_NAME = 'NuageDeploy';
export const PRODUCT_TAGLINE = 'Simplifier le cloud, amplifier votre business';
