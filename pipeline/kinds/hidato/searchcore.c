/* The plain search of solve.py (`Search` without weights) on machine words: the same rules in the
 * same order, so the same solutions, branchings and contradictions, without a Python int per set.
 *
 * solve.py stays the definition: every function here is a translation of the one it names, step
 * for step (a caching detail of the Python, such as its remembered touches, is left out: it only
 * saves work there). A board of up to MAX_WORDS * 64 bits (cells at bit r * (width + 1) + c) runs
 * here; larger ones, and the restarting search, stay in Python. Never changes what the search
 * answers: tests compare both on boards of every adjacency.
 *
 * Cell sets are W 64-bit words, W a constant in each copy of the search (search_w1 ... search_w32:
 * each helper is inlined with W known, so its loops unroll). Number sets (bit k for number k, the
 * Python's dirty and changed ints) are NW words, NW known only at run time: they are touched once per
 * walk, not once per cell.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;

#define MAX_WORDS 32
#define INLINE static inline __attribute__((always_inline))

enum { KING, ORTHOGONAL, HEX };

/* ---------------------------------------------------------------- cell sets (W words) */

INLINE void cs_zero(word *d, int W) { for (int i = 0; i < W; i++) d[i] = 0; }
INLINE void cs_copy(word *d, const word *a, int W) { for (int i = 0; i < W; i++) d[i] = a[i]; }
INLINE void cs_and(word *d, const word *a, const word *b, int W) { for (int i = 0; i < W; i++) d[i] = a[i] & b[i]; }
INLINE void cs_or(word *d, const word *a, const word *b, int W) { for (int i = 0; i < W; i++) d[i] = a[i] | b[i]; }
INLINE void cs_xor(word *d, const word *a, const word *b, int W) { for (int i = 0; i < W; i++) d[i] = a[i] ^ b[i]; }
INLINE void cs_andnot(word *d, const word *a, const word *b, int W) { for (int i = 0; i < W; i++) d[i] = a[i] & ~b[i]; }

INLINE int cs_empty(const word *a, int W) {
    word any = 0;
    for (int i = 0; i < W; i++) any |= a[i];
    return any == 0;
}

INLINE int cs_eq(const word *a, const word *b, int W) {
    word diff = 0;
    for (int i = 0; i < W; i++) diff |= a[i] ^ b[i];
    return diff == 0;
}

/* a & b != 0 */
INLINE int cs_meets(const word *a, const word *b, int W) {
    word any = 0;
    for (int i = 0; i < W; i++) any |= a[i] & b[i];
    return any != 0;
}

/* (a & b & c) != 0 */
INLINE int cs_meets3(const word *a, const word *b, const word *c, int W) {
    word any = 0;
    for (int i = 0; i < W; i++) any |= a[i] & b[i] & c[i];
    return any != 0;
}

INLINE int cs_count(const word *a, int W) {
    int count = 0;
    for (int i = 0; i < W; i++) count += __builtin_popcountll(a[i]);
    return count;
}

/* At most one cell (Python's `x & (x - 1) == 0`, true for the empty set too). */
INLINE int cs_at_most_one(const word *a, int W) {
    int seen = 0;
    for (int i = 0; i < W; i++) {
        word w = a[i];
        if (w) {
            if (seen || (w & (w - 1))) return 0;
            seen = 1;
        }
    }
    return 1;
}

/* The index of the highest cell (Python's `bit_length() - 1`), -1 for the empty set. */
INLINE int cs_high(const word *a, int W) {
    for (int i = W - 1; i >= 0; i--)
        if (a[i]) return i * 64 + 63 - __builtin_clzll(a[i]);
    return -1;
}

/* d = the lowest cell of a (Python's `a & -a`). */
INLINE void cs_lowest(word *d, const word *a, int W) {
    int done = 0;
    for (int i = 0; i < W; i++) {
        if (!done && a[i]) {
            d[i] = a[i] & (~a[i] + 1);
            done = 1;
        } else {
            d[i] = 0;
        }
    }
}

/* d = a << s, the bits shifted past the last word dropped (they lie outside every board: see touch). */
INLINE void cs_shl(word *d, const word *a, int s, int W) {
    int q = s >> 6, r = s & 63;
    for (int i = W - 1; i >= 0; i--) {
        word v = 0;
        if (i - q >= 0) v = a[i - q] << r;
        if (r && i - q - 1 >= 0) v |= a[i - q - 1] >> (64 - r);
        d[i] = v;
    }
}

INLINE void cs_shr(word *d, const word *a, int s, int W) {
    int q = s >> 6, r = s & 63;
    for (int i = 0; i < W; i++) {
        word v = 0;
        if (i + q < W) v = a[i + q] >> r;
        if (r && i + q + 1 < W) v |= a[i + q + 1] << (64 - r);
        d[i] = v;
    }
}

/* ---------------------------------------------------------------- number sets (NW words) */

static void ns_zero(word *d, int NW) { memset(d, 0, sizeof(word) * (size_t)NW); }
static void ns_copy(word *d, const word *a, int NW) { memcpy(d, a, sizeof(word) * (size_t)NW); }
static int ns_empty(const word *a, int NW) {
    for (int i = 0; i < NW; i++)
        if (a[i]) return 0;
    return 1;
}
static inline int ns_has(const word *a, int k) { return (int)(a[k >> 6] >> (k & 63)) & 1; }
static inline void ns_set(word *a, int k) { a[k >> 6] |= (word)1 << (k & 63); }
static inline void ns_flip(word *a, int k) { a[k >> 6] ^= (word)1 << (k & 63); }

/* a |= the numbers lo..hi (nothing when hi < lo): Python's `(1 << (hi + 1)) - (1 << lo)`. */
static void ns_set_range(word *a, int lo, int hi) {
    for (int k = lo; k <= hi; k++) ns_set(a, k);
}

/* The lowest number in a at or above `from`, or -1. */
static int ns_next(const word *a, int from, int NW) {
    int i = from >> 6;
    if (i >= NW) return -1;
    word w = a[i] & (~(word)0 << (from & 63));
    while (1) {
        if (w) return i * 64 + __builtin_ctzll(w);
        if (++i >= NW) return -1;
        w = a[i];
    }
}

/* The highest number in a at or below `from`, or -1. */
static int ns_prev(const word *a, int from, int NW) {
    if (from < 0) return -1;
    int i = from >> 6;
    if (i >= NW) {
        i = NW - 1;
        from = NW * 64 - 1;
    }
    int r = from & 63;
    word w = a[i] & (r == 63 ? ~(word)0 : (((word)1 << (r + 1)) - 1));
    while (1) {
        if (w) return i * 64 + 63 - __builtin_clzll(w);
        if (--i < 0) return -1;
        w = a[i];
    }
}

/* ---------------------------------------------------------------- the search's state */

typedef struct {
    word *cand;  /* (n + 1) * W: cand[k] for k = 0..n (0 unused) */
    word *taken; /* W */
    int *loose;  /* the numbers with several cells, ascending */
    int nloose;
    int k;       /* the number branched on */
    word *rest;  /* W: its cells not yet tried (the hinted one excepted) */
    int hinted;  /* the hinted cell is still to be tried first */
} Frame;

typedef struct {
    int n, W, NW, nbits, stride, adjacency;
    word open[MAX_WORDS];
    word *nbrs;  /* nbits * W: the open cells touching each cell */
    word *hint;  /* (n + 1) * W, or NULL */
    /* number sets, NW words each */
    word *inner, *outer, *middle, *fdirty, *bdirty, *sdirty, *cross, *starts, *changed, *verdict;
    /* the stack: frames[0..depth-1] are branched nodes; frames[depth] is the node being propagated */
    Frame *frames;
    int capacity;
    /* the answer */
    long long nodes, fails, node_limit, fail_limit;
    long long limit, nfound;
    int budget_hit;
    PyObject *found;  /* list of solutions, each a list of ints */
    PyObject *first;  /* cand[0] as given, put back in each solution */
} Ctx;

#define CAND(frame, k, W) ((frame)->cand + (size_t)(k) * (W))

/* ---------------------------------------------------------------- geometry (solve.py: _geometry) */

INLINE void touch(const Ctx *g, word *out, const word *m, int W) {
    word a[MAX_WORDS], b[MAX_WORDS], t[MAX_WORDS];
    int stride = g->stride;
    if (g->adjacency == KING) {
        word h[MAX_WORDS];
        cs_shl(a, m, 1, W);
        cs_shr(b, m, 1, W);
        cs_or(h, a, b, W);
        cs_or(h, h, m, W); /* h = m | m << 1 | m >> 1 */
        cs_or(out, a, b, W);
        cs_shl(t, h, stride, W);
        cs_or(out, out, t, W);
        cs_shr(t, h, stride, W);
        cs_or(out, out, t, W);
    } else if (g->adjacency == ORTHOGONAL) {
        cs_shl(a, m, 1, W);
        cs_shr(b, m, 1, W);
        cs_or(out, a, b, W);
        cs_shl(t, m, stride, W);
        cs_or(out, out, t, W);
        cs_shr(t, m, stride, W);
        cs_or(out, out, t, W);
    } else {
        word pair[MAX_WORDS];
        cs_shl(a, m, 1, W);  /* right */
        cs_or(pair, m, a, W);
        cs_shr(b, m, 1, W);
        cs_or(out, a, b, W);
        cs_shl(t, pair, stride - 1, W);
        cs_or(out, out, t, W);
        cs_shr(t, pair, stride, W);
        cs_or(out, out, t, W);
    }
    cs_and(out, out, g->open, W);
}

/* The open cells touching at least two cells of m. */
INLINE void touch_twice(const Ctx *g, word *out, const word *m, int W) {
    int stride = g->stride;
    word once[MAX_WORDS], twice[MAX_WORDS], t[MAX_WORDS];
    if (g->adjacency == KING) {
        word left[MAX_WORDS], right[MAX_WORDS], once_h[MAX_WORDS], twice_h[MAX_WORDS];
        word row_once[MAX_WORDS], row_twice[MAX_WORDS], up_once[MAX_WORDS], down_once[MAX_WORDS];
        cs_shl(left, m, 1, W);
        cs_shr(right, m, 1, W);
        cs_or(once_h, left, right, W);
        cs_and(twice_h, left, right, W);
        cs_or(row_once, once_h, m, W);
        cs_and(t, once_h, m, W);
        cs_or(row_twice, twice_h, t, W);
        cs_shl(up_once, row_once, stride, W);
        cs_shr(down_once, row_once, stride, W);
        cs_copy(twice, twice_h, W);
        cs_shl(t, row_twice, stride, W);
        cs_or(twice, twice, t, W);
        cs_shr(t, row_twice, stride, W);
        cs_or(twice, twice, t, W);
        cs_and(t, once_h, up_once, W);
        cs_or(twice, twice, t, W);
        cs_and(t, once_h, down_once, W);
        cs_or(twice, twice, t, W);
        cs_and(t, up_once, down_once, W);
        cs_or(twice, twice, t, W);
        (void)once;
    } else {
        /* A saturating count over the shifts: a cell seen once before and once more is seen twice. */
        int shifts = g->adjacency == ORTHOGONAL ? 4 : 6;
        int amounts[6] = {1, 1, stride, stride, stride - 1, stride - 1};
        cs_zero(once, W);
        cs_zero(twice, W);
        for (int s = 0; s < shifts; s++) {
            if (s % 2 == 0)
                cs_shl(t, m, amounts[s], W);
            else
                cs_shr(t, m, amounts[s], W);
            for (int i = 0; i < W; i++) {
                twice[i] |= once[i] & t[i];
                once[i] |= t[i];
            }
        }
    }
    cs_and(out, twice, g->open, W);
}

/* The cells of `within` connected to `seed` through cells of `within` (Geometry.region). */
INLINE void region(const Ctx *g, word *reached, const word *seed, const word *within, int W) {
    word grown[MAX_WORDS];
    cs_copy(reached, seed, W);
    while (1) {
        touch(g, grown, reached, W);
        cs_or(grown, grown, reached, W);
        cs_and(grown, grown, within, W);
        if (cs_eq(grown, reached, W)) return;
        cs_copy(reached, grown, W);
    }
}

/* nbrs[bit of a set of at most one cell]; the empty set touches nothing (in Python it reads the last
 * bit's entry, a padding cell's: empty too). */
INLINE const word *nbrs_of(const Ctx *g, const word *single, const word *empty, int W) {
    int i = cs_high(single, W);
    return i < 0 ? empty : g->nbrs + (size_t)i * W;
}

/* ---------------------------------------------------------------- propagation (solve.py) */

/* _sweep: the chain rules' first round on a fresh board. Returns 0 on a contradiction; else sets
 * *taken, the numbers to re-check forward in g->fdirty, and the loose numbers in frame->loose. */
INLINE int sweep(Ctx *g, Frame *f, word *taken, int W) {
    int n = g->n;
    word free_[MAX_WORDS], last[MAX_WORDS], r[MAX_WORDS], next[MAX_WORDS], empty[MAX_WORDS];
    cs_zero(empty, W);
    cs_zero(r, W);
    cs_xor(free_, g->open, taken, W);
    int r_known = 0;
    cs_copy(last, CAND(f, 1, W), W);
    for (int j = 2; j <= n; j++) {
        word *c = CAND(f, j, W);
        if (cs_at_most_one(c, W)) {
            cs_copy(r, nbrs_of(g, c, empty, W), W);
            r_known = 1;
            if (!cs_meets(r, last, W)) return 0;
        } else {
            if (!r_known) {
                touch(g, r, last, W);
                r_known = 1;
            }
            cs_and(next, c, r, W);
            cs_and(next, next, free_, W);
            if (!cs_eq(next, c, W)) {
                if (cs_empty(next, W)) return 0;
                cs_copy(c, next, W);
                if (cs_at_most_one(next, W)) {
                    cs_or(taken, taken, next, W);
                    cs_xor(free_, g->open, taken, W);
                    cs_copy(r, nbrs_of(g, next, empty, W), W);
                } else {
                    r_known = 0;
                }
            } else {
                /* (Python keeps r when c is the very object k-1 had: the same set, the same touch.) */
                r_known = 0;
            }
        }
        cs_copy(last, c, W);
    }

    ns_zero(g->cross, g->NW);
    cs_copy(last, CAND(f, n, W), W);
    r_known = 0;
    int nloose = 0;
    int *loose = f->loose;
    if (!cs_at_most_one(last, W)) loose[nloose++] = n;
    for (int j = n - 1; j >= 1; j--) {
        word *c = CAND(f, j, W);
        if (cs_at_most_one(c, W)) {
            cs_copy(r, nbrs_of(g, c, empty, W), W);
            r_known = 1;
            if (!cs_meets(r, last, W)) return 0;
        } else {
            if (!r_known) touch(g, r, last, W);
            r_known = 1;
            cs_and(next, c, r, W);
            cs_and(next, next, free_, W);
            if (!cs_eq(next, c, W)) {
                if (cs_empty(next, W)) return 0;
                if (cs_meets(c, taken, W) && !cs_at_most_one(last, W)) ns_set(g->cross, j);
                cs_copy(c, next, W);
                if (cs_at_most_one(next, W)) {
                    cs_or(taken, taken, next, W);
                    cs_xor(free_, g->open, taken, W);
                    cs_copy(r, nbrs_of(g, next, empty, W), W);
                    cs_copy(last, c, W);
                    continue;
                }
                r_known = 0;
            } else {
                r_known = 0;
            }
            loose[nloose++] = j;
        }
        cs_copy(last, c, W);
    }
    for (int i = 0, j = nloose - 1; i < j; i++, j--) {
        int t = loose[i];
        loose[i] = loose[j];
        loose[j] = t;
    }
    f->nloose = nloose;
    ns_copy(g->fdirty, g->cross, g->NW);
    return 1;
}

/* _strong_rules without pairs: -1 on a contradiction, else 1 with the changed numbers in g->verdict
 * (0 when none changed). */
INLINE int strong_rules(Ctx *g, Frame *f, const word *taken, int W) {
    int NW = g->NW;
    word *check = g->starts; /* free for the moment: the walks are done */
    word around[MAX_WORDS], twice[MAX_WORDS], next[MAX_WORDS];
    /* check = (dirty << 1 | dirty >> 1) & numbers 2..n-1 */
    for (int i = 0; i < NW; i++) {
        word up = g->sdirty[i] << 1 | (i > 0 ? g->sdirty[i - 1] >> 63 : 0);
        word down = g->sdirty[i] >> 1 | (i + 1 < NW ? g->sdirty[i + 1] << 63 : 0);
        check[i] = (up | down) & g->middle[i];
    }
    ns_zero(g->verdict, NW);
    int changed = 0;
    for (int k = ns_next(check, 0, NW); k >= 0; k = ns_next(check, k + 1, NW)) {
        word *c = CAND(f, k, W);
        if (cs_at_most_one(c, W)) continue;
        const word *a = CAND(f, k - 1, W), *b = CAND(f, k + 1, W);
        if (!cs_meets(a, b, W)) continue;
        cs_or(around, a, b, W);
        touch_twice(g, twice, around, W);
        cs_and(next, c, twice, W);
        if (!cs_eq(next, c, W)) {
            if (cs_empty(next, W)) return -1;
            cs_copy(c, next, W);
            ns_set(g->verdict, k);
            changed = 1;
        }
    }
    if (changed) return 1;

    word free_[MAX_WORDS], seed[MAX_WORDS], pocket[MAX_WORDS], outside[MAX_WORDS];
    cs_andnot(free_, g->open, taken, W);
    while (!cs_empty(free_, W)) {
        cs_lowest(seed, free_, W);
        region(g, pocket, seed, free_, W);
        if (cs_eq(pocket, free_, W)) return 0;
        cs_andnot(free_, free_, pocket, W);
        int size = cs_count(pocket, W), entering = 0, confined = 0;
        for (int i = 0; i < f->nloose; i++) {
            const word *c = CAND(f, f->loose[i], W);
            if (cs_meets(c, pocket, W)) {
                entering++;
                cs_andnot(outside, c, pocket, W);
                if (cs_empty(outside, W)) confined++;
            }
        }
        if (entering < size || confined > size) return -1;
    }
    return 0;
}

/* propagate_from without pairs, on frame f whose cand, taken and loose are set; `fresh` for the root
 * (every number dirty: the first round of walks is `sweep`), else `dirty` is the one number changed.
 * Returns 0 on a contradiction, 1 at the fixpoint (f->taken and f->loose updated). */
INLINE int propagate(Ctx *g, Frame *f, int fresh, int dirty, int W) {
    int n = g->n, NW = g->NW;
    word *taken = f->taken;
    word free_[MAX_WORDS], r[MAX_WORDS], next[MAX_WORDS], empty[MAX_WORDS], owned[MAX_WORDS];
    word once[MAX_WORDS], twice[MAX_WORDS], lonely[MAX_WORDS], hit[MAX_WORDS], lost[MAX_WORDS];
    cs_zero(empty, W);
    word *fdirty = g->fdirty, *bdirty = g->bdirty, *sdirty = g->sdirty, *cross = g->cross, *starts = g->starts;
    word *changed = g->changed;
    if (fresh) {
        if (!sweep(g, f, taken, W)) return 0; /* sets fdirty */
        ns_zero(bdirty, NW);
        ns_zero(sdirty, NW);
        ns_set_range(sdirty, 1, n);
    } else {
        ns_zero(fdirty, NW);
        ns_set(fdirty, dirty);
        ns_copy(bdirty, fdirty, NW);
        ns_copy(sdirty, fdirty, NW);
    }
    int owned_known = 0;
    while (1) {
        cs_xor(free_, g->open, taken, W);

        /* The chain rules to their own fixpoint first. */
        while (1) {
            /* Forward: k sits next to some candidate of k-1, walked upwards from each changed k-1. */
            ns_zero(cross, NW);
            int done = 0;
            for (int i = 0; i < NW; i++) starts[i] = fdirty[i] & g->inner[i];
            for (int start = ns_next(starts, 0, NW); start >= 0; start = ns_next(starts, start + 1, NW)) {
                int j = start;
                if (j < done) continue;
                const word *prev = CAND(f, j, W);
                if (cs_at_most_one(prev, W))
                    cs_copy(r, nbrs_of(g, prev, empty, W), W);
                else
                    touch(g, r, prev, W);
                int first = j;
                while (1) {
                    j += 1;
                    word *c = CAND(f, j, W);
                    if (cs_at_most_one(c, W)) {
                        if (!cs_meets(c, r, W)) return 0;
                        break;
                    }
                    cs_and(next, c, r, W);
                    cs_and(next, next, free_, W);
                    if (cs_eq(next, c, W)) break;
                    if (cs_empty(next, W)) return 0;
                    int lost_taken = cs_meets(c, taken, W);
                    cs_copy(c, next, W);
                    if (lost_taken && !cs_at_most_one(CAND(f, j - 1, W), W)) ns_set(cross, j);
                    if (cs_at_most_one(next, W)) {
                        cs_or(taken, taken, next, W);
                        cs_xor(free_, g->open, taken, W);
                        cs_copy(r, nbrs_of(g, next, empty, W), W);
                    } else {
                        touch(g, r, next, W);
                    }
                    if (j == n) {
                        j += 1;
                        break;
                    }
                }
                ns_set_range(sdirty, first + 1, j - 1);
                done = j;
            }

            /* Backward: k sits next to some candidate of k+1, walked downwards from each changed k+1. */
            for (int i = 0; i < NW; i++) starts[i] = (bdirty[i] | cross[i]) & g->outer[i];
            ns_zero(cross, NW);
            done = n + 1;
            for (int start = ns_prev(starts, n + 1, NW); start >= 0; start = ns_prev(starts, start - 1, NW)) {
                int j = start;
                if (j > done) continue;
                const word *nxt = CAND(f, j, W);
                if (cs_at_most_one(nxt, W))
                    cs_copy(r, nbrs_of(g, nxt, empty, W), W);
                else
                    touch(g, r, nxt, W);
                int first = j;
                while (1) {
                    j -= 1;
                    word *c = CAND(f, j, W);
                    if (cs_at_most_one(c, W)) {
                        if (!cs_meets(c, r, W)) return 0;
                        break;
                    }
                    cs_and(next, c, r, W);
                    cs_and(next, next, free_, W);
                    if (cs_eq(next, c, W)) break;
                    if (cs_empty(next, W)) return 0;
                    int lost_taken = cs_meets(c, taken, W);
                    cs_copy(c, next, W);
                    if (lost_taken && !cs_at_most_one(CAND(f, j + 1, W), W)) ns_set(cross, j);
                    if (cs_at_most_one(next, W)) {
                        cs_or(taken, taken, next, W);
                        cs_xor(free_, g->open, taken, W);
                        cs_copy(r, nbrs_of(g, next, empty, W), W);
                    } else {
                        touch(g, r, next, W);
                    }
                    if (j == 1) {
                        j = 0;
                        break;
                    }
                }
                ns_set_range(sdirty, j + 1, first - 1);
                done = j;
            }
            if (ns_empty(cross, NW)) break;
            ns_copy(fdirty, cross, NW);
            ns_zero(bdirty, NW);
        }

        /* Pinned cells are nobody else's; every open cell must be somebody's; a cell only one number
         * reaches is that number's. */
        ns_zero(changed, NW);
        int any_changed = 0;
        cs_zero(once, W);
        cs_zero(twice, W);
        if (!owned_known || !cs_eq(taken, owned, W)) {
            cs_copy(owned, taken, W);
            owned_known = 1;
            int kept = 0;
            for (int i = 0; i < f->nloose; i++) {
                int k = f->loose[i];
                word *c = CAND(f, k, W);
                cs_and(lost, c, taken, W);
                if (!cs_empty(lost, W)) {
                    if (cs_eq(lost, c, W)) {
                        if (!cs_at_most_one(c, W)) return 0;
                        continue;
                    }
                    cs_xor(c, c, lost, W);
                    ns_set(changed, k);
                    any_changed = 1;
                    if (cs_at_most_one(c, W)) {
                        cs_or(taken, taken, c, W);
                        cs_xor(free_, g->open, taken, W);
                        continue;
                    }
                }
                for (int w = 0; w < W; w++) {
                    twice[w] |= once[w] & c[w];
                    once[w] |= c[w];
                }
                f->loose[kept++] = k;
            }
            f->nloose = kept;
            if (!cs_eq(taken, owned, W)) owned_known = 0;
        } else {
            for (int i = 0; i < f->nloose; i++) {
                const word *c = CAND(f, f->loose[i], W);
                for (int w = 0; w < W; w++) {
                    twice[w] |= once[w] & c[w];
                    once[w] |= c[w];
                }
            }
        }
        cs_or(next, once, taken, W);
        if (!cs_eq(next, g->open, W)) return 0;
        cs_xor(lonely, once, twice, W);
        cs_and(lonely, lonely, free_, W);
        if (!cs_empty(lonely, W)) {
            for (int i = 0; i < f->nloose; i++) {
                int k = f->loose[i];
                word *c = CAND(f, k, W);
                cs_and(hit, c, lonely, W);
                if (!cs_empty(hit, W)) {
                    if (!cs_at_most_one(hit, W)) return 0; /* two cells that only k can fill */
                    cs_copy(c, hit, W);
                    cs_or(taken, taken, hit, W);
                    ns_set(changed, k);
                    any_changed = 1;
                    cs_xor(lonely, lonely, hit, W);
                    if (cs_empty(lonely, W)) break;
                }
            }
        }
        if (any_changed) {
            ns_copy(fdirty, changed, NW);
            ns_copy(bdirty, changed, NW);
            for (int k = ns_next(changed, 0, NW); k >= 0; k = ns_next(changed, k + 1, NW)) {
                if (k < n && !ns_has(changed, k + 1) && cs_at_most_one(CAND(f, k + 1, W), W)) ns_flip(fdirty, k);
                if (k > 1 && !ns_has(changed, k - 1) && cs_at_most_one(CAND(f, k - 1, W), W)) ns_flip(bdirty, k);
            }
            for (int i = 0; i < NW; i++) sdirty[i] |= changed[i];
            continue;
        }
        if (f->nloose == 0) return 1;
        int verdict = strong_rules(g, f, taken, W);
        if (verdict == 0) return 1;
        if (verdict < 0) return 0;
        for (int i = 0; i < f->nloose; i++) {
            const word *c = CAND(f, f->loose[i], W);
            if (cs_at_most_one(c, W)) {
                if (cs_meets(c, taken, W)) return 0;
                cs_or(taken, taken, c, W);
            }
        }
        ns_copy(fdirty, g->verdict, NW);
        ns_copy(bdirty, g->verdict, NW);
        ns_copy(sdirty, g->verdict, NW);
        int kept = 0;
        for (int i = 0; i < f->nloose; i++)
            if (!cs_at_most_one(CAND(f, f->loose[i], W), W)) f->loose[kept++] = f->loose[i];
        f->nloose = kept;
    }
}

/* ---------------------------------------------------------------- the search (Search._search) */

/* Search._most_constrained: fewest cells, then the shortest run of consecutive loose numbers. */
INLINE int most_constrained(const Frame *f, int W) {
    const int big = 1 << 30;
    int best_k = 0, best_count = big, best_length = big;
    int run_k = 0, run_count = big, run_first = -2, prev = -2;
    for (int i = 0; i < f->nloose; i++) {
        int k = f->loose[i];
        if (k != prev + 1) {
            int length = prev - run_first;
            if (run_count < best_count || (run_count == best_count && length < best_length)) {
                best_k = run_k;
                best_count = run_count;
                best_length = length;
            }
            run_k = 0;
            run_count = big;
            run_first = k;
        }
        int count = cs_count(f->cand + (size_t)k * W, W);
        if (count < run_count) {
            run_k = k;
            run_count = count;
        }
        prev = k;
    }
    int length = prev - run_first;
    if (run_count < best_count || (run_count == best_count && length < best_length)) best_k = run_k;
    return best_k;
}

static int grow(Ctx *g, int needed);
static int add_solution(Ctx *g, const Frame *f);

/* Returns 0 when done (found g->limit, or searched everything, or over budget: g->budget_hit),
 * -1 on a Python error (memory). */
INLINE int search_impl(Ctx *g, int W) {
    int n = g->n;
    size_t cand_words = (size_t)(n + 1) * W;
    int depth = 0;
    int have_todo = 1, fresh = n > 1, dirty = 1; /* (a one-number board's root: every number is number 1) */
    word bit[MAX_WORDS], options[MAX_WORDS];
    while (1) {
        if (have_todo) {
            Frame *f = &g->frames[depth];
            if (!propagate(g, f, fresh, dirty, W)) {
                g->fails += 1;
                if (g->fail_limit >= 0 && g->fails > g->fail_limit) {
                    g->budget_hit = 1;
                    return 0;
                }
            } else {
                int best_k = most_constrained(f, W);
                if (!best_k) {
                    if (add_solution(g, f) < 0) return -1;
                    if (g->nfound >= g->limit) return 0;
                } else {
                    g->nodes += 1;
                    if (g->node_limit >= 0 && g->nodes > g->node_limit) {
                        g->budget_hit = 1;
                        return 0;
                    }
                    /* Search._branch_order: the hinted cell first (if still possible), then in cell order. */
                    f->k = best_k;
                    cs_copy(options, f->cand + (size_t)best_k * W, W);
                    f->hinted = 0;
                    if (g->hint != NULL && cs_meets(options, g->hint + (size_t)best_k * W, W)) {
                        f->hinted = 1;
                        cs_andnot(options, options, g->hint + (size_t)best_k * W, W);
                    }
                    cs_copy(f->rest, options, W);
                    depth += 1;
                    if (depth >= g->capacity && grow(g, depth + 1) < 0) return -1;
                }
            }
        }
        have_todo = 0;
        while (depth > 0 && !have_todo) {
            Frame *parent = &g->frames[depth - 1];
            int k = parent->k;
            if (parent->hinted) {
                parent->hinted = 0;
                cs_copy(bit, g->hint + (size_t)k * W, W);
            } else if (!cs_empty(parent->rest, W)) {
                cs_lowest(bit, parent->rest, W);
                cs_xor(parent->rest, parent->rest, bit, W);
            } else {
                depth -= 1;
                continue;
            }
            Frame *child = &g->frames[depth];
            memcpy(child->cand, parent->cand, cand_words * sizeof(word));
            cs_copy(child->cand + (size_t)k * W, bit, W);
            cs_or(child->taken, parent->taken, bit, W);
            memcpy(child->loose, parent->loose, sizeof(int) * (size_t)parent->nloose);
            child->nloose = parent->nloose;
            fresh = 0;
            dirty = k;
            have_todo = 1;
        }
        if (!have_todo) return 0;
    }
}

static int search_w1(Ctx *g) { return search_impl(g, 1); }
static int search_w2(Ctx *g) { return search_impl(g, 2); }
static int search_w4(Ctx *g) { return search_impl(g, 4); }
static int search_w8(Ctx *g) { return search_impl(g, 8); }
static int search_w16(Ctx *g) { return search_impl(g, 16); }
static int search_w32(Ctx *g) { return search_impl(g, 32); }

/* ---------------------------------------------------------------- memory and conversions */

static void free_frame(Frame *f) {
    free(f->cand);
    free(f->taken);
    free(f->loose);
    free(f->rest);
}

/* Room for `needed` frames (the stack grows by doubling: most searches stay shallow). */
static int grow(Ctx *g, int needed) {
    if (needed <= g->capacity) return 0;
    int capacity = g->capacity ? g->capacity : 8;
    while (capacity < needed) capacity *= 2;
    if (capacity > g->n + 2) capacity = g->n + 2 > needed ? g->n + 2 : needed;
    Frame *frames = realloc(g->frames, sizeof(Frame) * (size_t)capacity);
    if (frames == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    g->frames = frames;
    for (int i = g->capacity; i < capacity; i++) {
        Frame *f = &frames[i];
        f->cand = calloc((size_t)(g->n + 1) * g->W, sizeof(word));
        f->taken = calloc((size_t)g->W, sizeof(word));
        f->loose = calloc((size_t)g->n + 1, sizeof(int));
        f->rest = calloc((size_t)g->W, sizeof(word));
        g->capacity = i + 1;
        if (!f->cand || !f->taken || !f->loose || !f->rest) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

/* A non-negative int into `words` words; -1 (with a Python error) if it is not one or does not fit. */
static int read_int(PyObject *value, word *out, int words) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "searchcore: a cell set must be an int");
        return -1;
    }
    unsigned char bytes[MAX_WORDS * 8];
    size_t size = (size_t)words * 8;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(value, bytes, (Py_ssize_t)size,
                                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                                 Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (needed < 0) return -1;
    if ((size_t)needed > size) {
        PyErr_SetString(PyExc_OverflowError, "searchcore: a cell set is larger than the board");
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, size, 1, 0) < 0) return -1;
#endif
    for (int i = 0; i < words; i++) {
        word w = 0;
        for (int b = 7; b >= 0; b--) w = (w << 8) | bytes[i * 8 + b];
        out[i] = w;
    }
    return 0;
}

/* read_int, and the set must hold only the board's open cells (anything else would index past the
 * neighbour table). */
static int read_on_board(const Ctx *g, PyObject *value, word *out) {
    if (read_int(value, out, g->W) < 0) return -1;
    for (int i = 0; i < g->W; i++)
        if (out[i] & ~g->open[i]) {
            PyErr_SetString(PyExc_ValueError, "searchcore: a cell set holds cells off the board");
            return -1;
        }
    return 0;
}

static PyObject *make_int(const word *in, int words) {
    unsigned char bytes[MAX_WORDS * 8];
    for (int i = 0; i < words; i++)
        for (int b = 0; b < 8; b++) bytes[i * 8 + b] = (unsigned char)(in[i] >> (8 * b));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, (size_t)words * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, (size_t)words * 8, 1, 0);
#endif
}

static int add_solution(Ctx *g, const Frame *f) {
    PyObject *solution = PyList_New(g->n + 1);
    if (solution == NULL) return -1;
    Py_INCREF(g->first);
    PyList_SET_ITEM(solution, 0, g->first);
    for (int k = 1; k <= g->n; k++) {
        PyObject *cells = make_int(f->cand + (size_t)k * g->W, g->W);
        if (cells == NULL) {
            Py_DECREF(solution);
            return -1;
        }
        PyList_SET_ITEM(solution, k, cells);
    }
    int failed = PyList_Append(g->found, solution);
    Py_DECREF(solution);
    if (failed) return -1;
    g->nfound += 1;
    return 0;
}

static void free_ctx(Ctx *g) {
    for (int i = 0; i < g->capacity; i++) free_frame(&g->frames[i]);
    free(g->frames);
    free(g->nbrs);
    free(g->hint);
    free(g->inner);
    Py_XDECREF(g->found);
}

/* A whole number as a count limit: a negative one as 0, one past what a long long holds as LLONG_MAX
 * (more than any search can reach); -2 with a Python error for what is not a whole number. */
static long long whole_limit(PyObject *value) {
    int overflow = 0;
    long long limit = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (limit == -1 && PyErr_Occurred()) return -2;
    if (overflow) return overflow > 0 ? LLONG_MAX : 0;
    return limit < 0 ? 0 : limit;
}

/* whole_limit, or -1 for None (no limit). */
static long long optional_limit(PyObject *value) {
    return value == Py_None ? -1 : whole_limit(value);
}

/* _pinned_cells: the cells of the numbers with one candidate; 0 when two share a cell or pinned k, k+1
 * do not touch. */
static int pinned_cells(const Ctx *g, const Frame *f, word *taken) {
    int W = g->W;
    word empty[MAX_WORDS];
    cs_zero(empty, W);
    cs_zero(taken, W);
    const word *prev = NULL;
    for (int k = 1; k <= g->n; k++) {
        const word *c = f->cand + (size_t)k * W;
        if (cs_at_most_one(c, W)) {
            if (cs_empty(c, W) || cs_meets(c, taken, W)) return 0;
            cs_or(taken, taken, c, W);
            if (prev != NULL && !cs_empty(prev, W) && cs_at_most_one(prev, W)) {
                int i = cs_high(c, W);
                if (!cs_meets(prev, g->nbrs + (size_t)i * W, W)) return 0;
            }
        }
        prev = c;
    }
    return 1;
}

/* The board and the candidates of `cand_list` into g (its root frame): 1 when done, 0 when the board
 * is wider than MAX_WORDS words (g then holds nothing to free), -1 on a Python error. */
static int setup(Ctx *g, PyObject *cand_list, PyObject *open_obj, int height, int width, const char *adjacency) {
    memset(g, 0, sizeof *g);
    g->n = (int)PyList_GET_SIZE(cand_list) - 1;
    g->stride = width + 1;
    g->nbits = height * g->stride;
    if (g->n < 1 || height < 1 || width < 1) {
        PyErr_SetString(PyExc_ValueError, "searchcore: an empty board");
        return -1;
    }
    int words = (g->nbits + 63) / 64;
    if (words > MAX_WORDS) return 0;
    int W = words <= 1 ? 1 : words <= 2 ? 2 : words <= 4 ? 4 : words <= 8 ? 8 : words <= 16 ? 16 : 32;
    g->W = W;
    if (strcmp(adjacency, "king") == 0)
        g->adjacency = KING;
    else if (strcmp(adjacency, "orthogonal") == 0)
        g->adjacency = ORTHOGONAL;
    else if (strcmp(adjacency, "hex") == 0)
        g->adjacency = HEX;
    else {
        PyErr_Format(PyExc_ValueError, "searchcore: unknown adjacency %s", adjacency);
        return -1;
    }
    int n = g->n;
    g->NW = (n + 2 + 63) / 64;
    if (read_int(open_obj, g->open, W) < 0) return -1;
    for (int bit = g->nbits; bit < W * 64; bit++)
        if ((g->open[bit >> 6] >> (bit & 63)) & 1) {
            PyErr_SetString(PyExc_ValueError, "searchcore: the open mask holds cells off the board");
            return -1;
        }
    g->nbrs = calloc((size_t)g->nbits * W, sizeof(word));
    g->inner = calloc((size_t)g->NW * 10, sizeof(word));
    g->found = PyList_New(0);
    if (!g->nbrs || !g->inner || !g->found) {
        PyErr_NoMemory();
        return -1;
    }
    g->outer = g->inner + g->NW;
    g->middle = g->outer + g->NW;
    g->fdirty = g->middle + g->NW;
    g->bdirty = g->fdirty + g->NW;
    g->sdirty = g->bdirty + g->NW;
    g->cross = g->sdirty + g->NW;
    g->starts = g->cross + g->NW;
    g->changed = g->starts + g->NW;
    g->verdict = g->changed + g->NW;
    ns_set_range(g->inner, 1, n - 1);
    ns_set_range(g->outer, 2, n);
    ns_set_range(g->middle, 2, n - 1);
    for (int i = 0; i < g->nbits; i++) {
        word one[MAX_WORDS];
        cs_zero(one, W);
        one[i >> 6] = (word)1 << (i & 63);
        if (!cs_meets(one, g->open, W)) continue;
        word *out = g->nbrs + (size_t)i * W;
        switch (W) { /* touch with W known; it runs once per cell */
            case 1: touch(g, out, one, 1); break;
            case 2: touch(g, out, one, 2); break;
            case 4: touch(g, out, one, 4); break;
            case 8: touch(g, out, one, 8); break;
            case 16: touch(g, out, one, 16); break;
            default: touch(g, out, one, 32); break;
        }
    }
    if (grow(g, 2) < 0) return -1;
    Frame *root = &g->frames[0];
    g->first = PyList_GET_ITEM(cand_list, 0);
    for (int k = 1; k <= n; k++) {
        if (read_on_board(g, PyList_GET_ITEM(cand_list, k), root->cand + (size_t)k * W) < 0) return -1;
        root->loose[k - 1] = k;
    }
    root->nloose = n;
    return 1;
}

/* The root's pinned cells into root->taken: from `taken_obj`, or worked out (`_pinned_cells`) when it
 * is None. 1 when done, 0 when the pinned numbers clash, -1 on a Python error. */
static int read_taken(Ctx *g, PyObject *taken_obj) {
    Frame *root = &g->frames[0];
    if (taken_obj == Py_None) return pinned_cells(g, root, root->taken);
    return read_on_board(g, taken_obj, root->taken) < 0 ? -1 : 1;
}

static const char SEARCH_DOC[] =
    "search(cand, open_mask, height, width, adjacency, taken, limit, node_limit, fail_limit, hint)\n"
    "--\n\n"
    "Search.run without weights (see solve.py): (solutions, branchings, contradictions, budget_hit),\n"
    "or None when the board is wider than this core's words.";

static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cand_list, *open_obj, *taken_obj, *node_obj, *fail_obj, *hint_obj;
    int height, width;
    PyObject *limit_obj;
    const char *adjacency;
    if (!PyArg_ParseTuple(args, "O!OiisOOOOO:search", &PyList_Type, &cand_list, &open_obj, &height, &width,
                          &adjacency, &taken_obj, &limit_obj, &node_obj, &fail_obj, &hint_obj))
        return NULL;
    Ctx g;
    PyObject *result = NULL;
    int ready = setup(&g, cand_list, open_obj, height, width, adjacency);
    if (ready == 0) Py_RETURN_NONE;
    if (ready < 0) goto done;
    if ((g.limit = whole_limit(limit_obj)) == -2) goto done;
    if ((g.node_limit = optional_limit(node_obj)) == -2 || (g.fail_limit = optional_limit(fail_obj)) == -2)
        goto done;
    int n = g.n, W = g.W;
    if (hint_obj != Py_None) {
        if (!PyList_Check(hint_obj) || PyList_GET_SIZE(hint_obj) < n + 1) {
            PyErr_SetString(PyExc_ValueError, "searchcore: the hint must list a cell set for every number");
            goto done;
        }
        g.hint = calloc((size_t)(n + 1) * W, sizeof(word));
        if (g.hint == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (int k = 1; k <= n; k++)
            if (read_on_board(&g, PyList_GET_ITEM(hint_obj, k), g.hint + (size_t)k * W) < 0) goto done;
    }
    int pinned = read_taken(&g, taken_obj);
    if (pinned < 0) goto done;
    if (pinned) { /* (Search.run searches nothing when the pinned numbers clash) */
        int status;
        switch (W) {
            case 1: status = search_w1(&g); break;
            case 2: status = search_w2(&g); break;
            case 4: status = search_w4(&g); break;
            case 8: status = search_w8(&g); break;
            case 16: status = search_w16(&g); break;
            default: status = search_w32(&g); break;
        }
        if (status < 0) goto done;
    }
    result = Py_BuildValue("(OLLO)", g.found, g.nodes, g.fails, g.budget_hit ? Py_True : Py_False);
done:
    free_ctx(&g);
    return result;
}

static int propagate_w1(Ctx *g, int fresh, int dirty) { return propagate(g, &g->frames[0], fresh, dirty, 1); }
static int propagate_w2(Ctx *g, int fresh, int dirty) { return propagate(g, &g->frames[0], fresh, dirty, 2); }
static int propagate_w4(Ctx *g, int fresh, int dirty) { return propagate(g, &g->frames[0], fresh, dirty, 4); }
static int propagate_w8(Ctx *g, int fresh, int dirty) { return propagate(g, &g->frames[0], fresh, dirty, 8); }
static int propagate_w16(Ctx *g, int fresh, int dirty) { return propagate(g, &g->frames[0], fresh, dirty, 16); }
static int propagate_w32(Ctx *g, int fresh, int dirty) { return propagate(g, &g->frames[0], fresh, dirty, 32); }

static const char PROPAGATE_DOC[] =
    "propagate(cand, open_mask, height, width, adjacency, taken, dirty, loose)\n"
    "--\n\n"
    "propagate_from without pairs (see solve.py) on a copy of cand: (cand, taken, loose) at the fixpoint,\n"
    "False on a contradiction, None when the board is wider than this core's words. `dirty` is the one\n"
    "number changed, or None for a fresh board (every number).";

static PyObject *propagate_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cand_list, *open_obj, *taken_obj, *dirty_obj, *loose_obj;
    int height, width;
    const char *adjacency;
    if (!PyArg_ParseTuple(args, "O!OiisOOO!:propagate", &PyList_Type, &cand_list, &open_obj, &height, &width,
                          &adjacency, &taken_obj, &dirty_obj, &PyList_Type, &loose_obj))
        return NULL;
    Ctx g;
    PyObject *result = NULL;
    int ready = setup(&g, cand_list, open_obj, height, width, adjacency);
    if (ready == 0) Py_RETURN_NONE;
    if (ready < 0) goto done;
    Frame *root = &g.frames[0];
    if (read_on_board(&g, taken_obj, root->taken) < 0) goto done;
    root->nloose = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(loose_obj) && i < g.n; i++) {
        long k = PyLong_AsLong(PyList_GET_ITEM(loose_obj, i));
        if (k < 1 || k > g.n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "searchcore: a loose number off the board");
            goto done;
        }
        root->loose[root->nloose++] = (int)k;
    }
    int fresh = dirty_obj == Py_None && g.n > 1, dirty = 1;
    if (dirty_obj != Py_None) {
        dirty = (int)PyLong_AsLong(dirty_obj);
        if (dirty < 1 || dirty > g.n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "searchcore: the dirty number is off the board");
            goto done;
        }
    }
    int held;
    switch (g.W) {
        case 1: held = propagate_w1(&g, fresh, dirty); break;
        case 2: held = propagate_w2(&g, fresh, dirty); break;
        case 4: held = propagate_w4(&g, fresh, dirty); break;
        case 8: held = propagate_w8(&g, fresh, dirty); break;
        case 16: held = propagate_w16(&g, fresh, dirty); break;
        default: held = propagate_w32(&g, fresh, dirty); break;
    }
    if (!held) {
        result = Py_NewRef(Py_False);
        goto done;
    }
    if (add_solution(&g, root) < 0) goto done;
    PyObject *loose = PyList_New(root->nloose);
    if (loose == NULL) goto done;
    for (int i = 0; i < root->nloose; i++) PyList_SET_ITEM(loose, i, PyLong_FromLong(root->loose[i]));
    PyObject *taken = make_int(root->taken, g.W);
    if (taken != NULL) result = Py_BuildValue("(ONN)", PyList_GET_ITEM(g.found, 0), taken, loose);
    else Py_DECREF(loose);
done:
    free_ctx(&g);
    return result;
}

static PyMethodDef METHODS[] = {
    {"search", search, METH_VARARGS, SEARCH_DOC},
    {"propagate", propagate_entry, METH_VARARGS, PROPAGATE_DOC},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "searchcore",
    "The plain Hidato search of solve.py on machine words (see searchcore.c).", -1, METHODS,
};

PyMODINIT_FUNC PyInit_searchcore(void) { return PyModule_Create(&MODULE); }
