import * as v from 'valibot';
import { ID_MAX_CHARS, maxChars } from '@svc/kernel';

/** A record id in a path, with its bound (`ID_MAX_CHARS`, checked before anything reads it). */
export const idParam = (description: string) => v.pipe(v.string(), maxChars(ID_MAX_CHARS), v.description(description));
