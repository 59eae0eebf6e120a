/** '1 environnement', '3 environnements' (French plural, 0 and 1 singular). */
export const countLabel = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
