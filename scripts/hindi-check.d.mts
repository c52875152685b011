export declare const ROOT: string;
export declare function forbiddenTerms(glossary?: string): string[];
export declare function allowedWords(glossary?: string): string[];
export declare function forbiddenIn(text: string, terms: string[], allowed?: string[]): string[];
export declare function hindiFiles(side: 'client' | 'server', root?: string): string[];
export declare function findings(side: 'client' | 'server', root?: string, terms?: string[], allowed?: string[]): string[];
