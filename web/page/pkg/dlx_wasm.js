/**
 * A count or a listing of an exact-cover problem's solutions, run a slice at a time.
 */
export class CoverTask {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        CoverTaskFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_covertask_free(ptr, 0);
    }
    /**
     * Starts `request`: `{"source":…,"mode":"count"|"list","first":N,"engine":E}`, the engine
     * `auto` (the default: dancing cells without multiplicities), `dlx` (Knuth's node counts) or
     * `cells`, the source one of
     * `{"knuth":TEXT}`, `{"queens":{"n":N,"order":"organ-pipe"|"plain"}}`,
     * `{"langford":{"n":N}}`, `{"polyomino":{"board":"6x10"|PICTURE,"pieces":[…],"restrict":"X"}}`.
     * @param {string} request
     */
    constructor(request) {
        const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.covertask_new(ptr0, len0);
        this.__wbg_ptr = ret;
        CoverTaskFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Searches about `nodes` more nodes: `{"state":"running"|"done","stats",
     * "found":[…],"complete",…}` (the solutions drawn since the last call), or an error.
     * @param {number} nodes
     * @returns {string}
     */
    run(nodes) {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.covertask_run(this.__wbg_ptr, nodes);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
}
if (Symbol.dispose) CoverTask.prototype[Symbol.dispose] = CoverTask.prototype.free;

/**
 * The making of a new Sudoku.
 */
export class GenerateTask {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        GenerateTaskFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_generatetask_free(ptr, 0);
    }
    /**
     * Starts `request`: `{"size":N,"options":{"boxes","regions","extra"},"jigsaw":BOOL,
     * "symmetry":NAME,"minimal":BOOL,"givens":K,"rating":[low,high],"seed":S}`.
     * @param {string} request
     */
    constructor(request) {
        const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.generatetask_new(ptr0, len0);
        this.__wbg_ptr = ret;
        GenerateTaskFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Makes the puzzle in one go (the generator cannot pause; `nodes` is not used):
     * `{"state":"done","text",…}` or an error.
     * @param {number} nodes
     * @returns {string}
     */
    run(nodes) {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.generatetask_run(this.__wbg_ptr, nodes);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
}
if (Symbol.dispose) GenerateTask.prototype[Symbol.dispose] = GenerateTask.prototype.free;

/**
 * A hint, an explanation or a rating of one Sudoku, run a slice at a time.
 */
export class LogicTask {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        LogicTaskFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_logictask_free(ptr, 0);
    }
    /**
     * Starts `request`: `{"text":…,"options":…,"mode":"hint"|"explain"|"rate",
     * "eliminated":[[cell,value],…]}` (the candidates earlier hints removed).
     * @param {string} request
     */
    constructor(request) {
        const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.logictask_new(ptr0, len0);
        this.__wbg_ptr = ret;
        LogicTaskFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Checks for about `nodes` more nodes that the puzzle has one solution, then works:
     * `{"state":"running",…}` (an explanation gives a step a call, in `found`), `{"state":
     * "done","verdict",…}` with the `step`, the `rating` or the explanation's end, or an error.
     * @param {number} nodes
     * @returns {string}
     */
    run(nodes) {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.logictask_run(this.__wbg_ptr, nodes);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
}
if (Symbol.dispose) LogicTask.prototype[Symbol.dispose] = LogicTask.prototype.free;

/**
 * A solve, check or count of one Sudoku, run a slice at a time.
 */
export class SudokuTask {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        SudokuTaskFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_sudokutask_free(ptr, 0);
    }
    /**
     * Starts `request`: `{"text":…,"options":…,"mode":"solve"|"check"|"count","limit":N}`.
     * A bad request is reported by the first [`SudokuTask::run`].
     * @param {string} request
     */
    constructor(request) {
        const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.sudokutask_new(ptr0, len0);
        this.__wbg_ptr = ret;
        SudokuTaskFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Searches about `nodes` more nodes: `{"state":"running","nodes","solutions"}`,
     * `{"state":"done",…}` (`verdict`, `solution`, or `count` and `capped`, with `stats`), or
     * an error.
     * @param {number} nodes
     * @returns {string}
     */
    run(nodes) {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.sudokutask_run(this.__wbg_ptr, nodes);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
}
if (Symbol.dispose) SudokuTask.prototype[Symbol.dispose] = SudokuTask.prototype.free;

/**
 * Reads a jigsaw layout: `{"state":"ok","regions":[…]}`, or an error with line and column.
 * @param {string} text
 * @returns {string}
 */
export function read_regions(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.read_regions(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Reads the first puzzle of `text` (any format `dlx solve` reads) with the page's shape
 * choices, `options` as JSON (`{"boxes":[r,c],"regions":[…],"extra":["x","windoku"],
 * "alphabet":NAME}`, every field optional). Answers
 * `{"state":"ok","puzzle":…,"shape":…,"candidates":…,"note":…}` or
 * `{"state":"error","error":{"message","field","line","column","cells"}}`.
 * @param {string} text
 * @param {string} options
 * @returns {string}
 */
export function read_sudoku(text, options) {
    let deferred3_0;
    let deferred3_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ptr1 = passStringToWasm0(options, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len1 = WASM_VECTOR_LEN;
        const ret = wasm.read_sudoku(ptr0, len0, ptr1, len1);
        deferred3_0 = ret[0];
        deferred3_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
    }
}

/**
 * The version of this crate (the workspace's).
 * @returns {string}
 */
export function version() {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.version();
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}

/**
 * Writes a puzzle (the `puzzle` of [`read_sudoku`], edited) in its layout, with its region
 * layout: `{"state":"ok","text":…}`.
 * @param {string} puzzle
 * @returns {string}
 */
export function write_sudoku(puzzle) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(puzzle, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.write_sudoku(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg___wbindgen_throw_41e9ee4f547fc59a: function(arg0, arg1) {
            throw new Error(getStringFromWasm0(arg0, arg1));
        },
        __wbindgen_init_externref_table: function() {
            const table = wasm.__wbindgen_externrefs;
            const offset = table.grow(4);
            table.set(0, undefined);
            table.set(offset + 0, undefined);
            table.set(offset + 1, null);
            table.set(offset + 2, true);
            table.set(offset + 3, false);
        },
    };
    return {
        __proto__: null,
        "./dlx_wasm_bg.js": import0,
    };
}

const CoverTaskFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_covertask_free(ptr, 1));
const GenerateTaskFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_generatetask_free(ptr, 1));
const LogicTaskFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_logictask_free(ptr, 1));
const SudokuTaskFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_sudokutask_free(ptr, 1));

function getStringFromWasm0(ptr, len) {
    return decodeText(ptr >>> 0, len);
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }

    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;

    const mem = getUint8ArrayMemory0();

    let offset = 0;

    for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 0x7F) break;
        mem[ptr + offset] = code;
    }
    if (offset !== len) {
        if (offset !== 0) {
            arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = cachedTextEncoder.encodeInto(arg, view);

        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
    }

    WASM_VECTOR_LEN = offset;
    return ptr;
}

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(ptr, len) {
    numBytesDecoded += len;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
        cachedTextDecoder.decode();
        numBytesDecoded = len;
    }
    return cachedTextDecoder.decode(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

const cachedTextEncoder = new TextEncoder();

if (!('encodeInto' in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function (arg, view) {
        const buf = cachedTextEncoder.encode(arg);
        view.set(buf);
        return {
            read: arg.length,
            written: buf.length
        };
    };
}

let WASM_VECTOR_LEN = 0;

let wasmModule, wasmInstance, wasm;
function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    cachedUint8ArrayMemory0 = null;
    wasm.__wbindgen_start();
    return wasm;
}

async function __wbg_load(module, imports) {
    if (typeof Response === 'function' && module instanceof Response) {
        if (!module.ok) {
            throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
        }

        if (typeof WebAssembly.instantiateStreaming === 'function') {
            try {
                return await WebAssembly.instantiateStreaming(module, imports);
            } catch (e) {
                const validResponse = expectedResponseType(module.type);

                if (validResponse && module.headers.get('Content-Type') !== 'application/wasm') {
                    console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);

                } else { throw e; }
            }
        }

        const bytes = await module.arrayBuffer();
        return await WebAssembly.instantiate(bytes, imports);
    } else {
        const instance = await WebAssembly.instantiate(module, imports);

        if (instance instanceof WebAssembly.Instance) {
            return { instance, module };
        } else {
            return instance;
        }
    }

    function expectedResponseType(type) {
        switch (type) {
            case 'basic': case 'cors': case 'default': return true;
        }
        return false;
    }
}

function initSync(module) {
    if (wasm !== undefined) return wasm;


    if (module !== undefined) {
        if (Object.getPrototypeOf(module) === Object.prototype) {
            ({module} = module)
        } else {
            console.warn('using deprecated parameters for `initSync()`; pass a single object instead')
        }
    }

    const imports = __wbg_get_imports();
    if (!(module instanceof WebAssembly.Module)) {
        module = new WebAssembly.Module(module);
    }
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
}

async function __wbg_init(module_or_path) {
    if (wasm !== undefined) return wasm;


    if (module_or_path !== undefined) {
        if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
            ({module_or_path} = module_or_path)
        } else {
            console.warn('using deprecated parameters for the initialization function; pass a single object instead')
        }
    }

    if (module_or_path === undefined) {
        module_or_path = new URL('dlx_wasm_bg.wasm', import.meta.url);
    }
    const imports = __wbg_get_imports();

    if (typeof module_or_path === 'string' || (typeof Request === 'function' && module_or_path instanceof Request) || (typeof URL === 'function' && module_or_path instanceof URL)) {
        module_or_path = fetch(module_or_path);
    }

    const { instance, module } = await __wbg_load(await module_or_path, imports);

    return __wbg_finalize_init(instance, module);
}

export { initSync, __wbg_init as default };
