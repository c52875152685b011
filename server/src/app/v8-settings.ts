import { setFlagsFromString } from 'node:v8';

/**
 * The server's V8 settings, made by the entry point before anything else is loaded (main.ts imports
 * this first), so every way of starting it (the start script, the image, the benchmarks) runs alike.
 *
 * No allocation-site pretenuring: V8 watches where object and array literals are made and, when
 * nearly all objects of one place outlive a young-generation collection, makes that place's later
 * objects in the old generation directly. A server's objects mostly live one request, but some
 * places' objects are also kept by the visitor caches; once such a place was switched, every
 * request's objects made there were old from birth, so each held the rest of its request (young)
 * through the next young collections: all of it moved to the old generation and the young
 * collections took several times longer (bench/README.md#read-path, step 10).
 */
setFlagsFromString('--no-allocation-site-pretenuring');
