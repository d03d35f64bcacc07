/*
 * A waiting worker's page faults, taken before its request (prefault.h; docs/ARCHITECTURE.md, "The
 * warm template"). The template cannot read its own /proc/self/maps once its view and Landlock are
 * in force, so the plan is built from what the process knows of itself:
 *
 *   the Zend heap's chunks      written by every request (refcounts, the free lists, new
 *                               allocations): copied, as far as the write budget goes
 *   opcache's shared memory     read by every request (scripts, classes, interned strings): its
 *                               pages in use, found from a known interned string that opcache
 *                               moved there, mapped in
 *   the loaded objects' code    read-only PT_LOAD segments (dl_iterate_phdr), mapped in; a
 *                               read-only data segment above PREFAULT_DATA_MAX (ICU's tables) is
 *                               left: a request reads a few of its pages, not 30 MB
 *   malloc's main arena         written by libraries that allocate with malloc (SQLite, libxml):
 *                               copied, within what the write budget leaves
 *
 * Only pages resident in the template (mincore) are planned: a page nobody touched yet would be
 * allocated for nothing. The plan is computed once, before the first worker; a worker populates it
 * piece by piece (PREFAULT_PIECE), and only while no request runs: a gate the template shares with
 * its workers says whether one does (its worker's CPU, the host's and a database server's are the
 * two this machine has: populating beside calls back to back made them 1.2-1.7x slower). A worker
 * stops for good as soon as its eventfd says its own request came, so a request never waits for
 * it, and unmaps the gate then. Plain C over the process's own memory; madvise never dereferences a range, and a range
 * that is no longer mapped (the template freed a chunk) fails harmlessly with ENOMEM.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_extensions.h"
#include "prefault.h"

#include <errno.h>
#include <link.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__GLIBC__)
# include <malloc.h>
#endif

#ifndef MADV_POPULATE_READ
# define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
# define MADV_POPULATE_WRITE 23
#endif

#define PREFAULT_RANGES_MAX 1024
/* Populated at a time, between two looks at the gate and the eventfd (about 0.1 ms of copying). */
#define PREFAULT_PIECE ((uintptr_t) 64 * 4096)
/* A read-only data segment larger than this is a table a request reads a few pages of. */
#define PREFAULT_DATA_MAX ((size_t) 8 << 20)
/* How far from its known string opcache's segment is looked for, each way (its size is
 * opcache.memory_consumption, 128 MB by default). */
#define PREFAULT_SHM_SEARCH ((size_t) 1 << 30)
/* mincore's answers, a byte per page: the bound search's ranges, and add_resident's windows. */
#define PREFAULT_WINDOW (PREFAULT_SHM_SEARCH / 4096 + 1)
static unsigned char resident[PREFAULT_WINDOW];

typedef struct {
	uintptr_t from;
	uintptr_t to;
	bool write;
} prefault_range;

static prefault_range plan[PREFAULT_RANGES_MAX];
static size_t plan_count;
static size_t page_size;

/* Shared by the template and its workers (one page, MAP_SHARED): whether a request runs, and a
 * sequence the workers wait on (a futex) for that to change. */
typedef struct {
	uint32_t sequence;
	uint32_t busy;
} prefault_gate;

static prefault_gate *gate;

/* The head of a Zend MM chunk (Zend/zend_alloc.c, struct _zend_mm_chunk, the same since PHP 7.0):
 * the heap it belongs to, then the ring of that heap's chunks. */
typedef struct prefault_chunk {
	void *heap;
	struct prefault_chunk *next;
	struct prefault_chunk *prev;
} prefault_chunk;

static void add_range(uintptr_t from, uintptr_t to, bool write)
{
	if (from >= to) {
		return;
	}
	if (plan_count > 0 && plan[plan_count - 1].to == from && plan[plan_count - 1].write == write) {
		plan[plan_count - 1].to = to;
		return;
	}
	if (plan_count < PREFAULT_RANGES_MAX) {
		plan[plan_count++] = (prefault_range) { from, to, write };
	}
}

/* The runs of [from, to) resident now (page-aligned); the bytes added. */
static size_t add_resident(uintptr_t from, uintptr_t to, bool write, size_t budget)
{
	size_t added = 0;

	for (uintptr_t window = from; window < to && added < budget; window += PREFAULT_WINDOW * page_size) {
		size_t pages = MIN((size_t) PREFAULT_WINDOW, (to - window) / page_size);
		if (mincore((void *) window, pages * page_size, resident) != 0) {
			return added;
		}
		for (size_t i = 0; i < pages && added < budget;) {
			size_t j = i;
			if (!(resident[i] & 1)) {
				i++;
				continue;
			}
			while (j < pages && (resident[j] & 1) && added + (j - i + 1) * page_size <= budget) {
				j++;
			}
			if (j == i) {
				break;
			}
			add_range(window + i * page_size, window + j * page_size, write);
			added += (j - i) * page_size;
			i = j;
		}
	}
	return added;
}

/* The Zend heap's chunks, when the heap is Zend MM's own (not USE_ZEND_ALLOC=0's malloc). */
static size_t plan_zend_heap(size_t budget)
{
	zend_mm_heap *heap = zend_mm_get_heap();
	prefault_chunk *main_chunk, *chunk;
	size_t added = 0;

	if (zend_mm_is_custom_heap(heap)) {
		return 0;
	}
	main_chunk = (prefault_chunk *) ((uintptr_t) heap & ~(ZEND_MM_CHUNK_SIZE - 1));
	chunk = main_chunk;
	do {
		if (chunk->heap != (void *) heap) {
			break;
		}
		added += add_resident((uintptr_t) chunk, (uintptr_t) chunk + ZEND_MM_CHUNK_SIZE, true, budget - added);
		chunk = chunk->next;
	} while (chunk != main_chunk && chunk != NULL && ((uintptr_t) chunk & (ZEND_MM_CHUNK_SIZE - 1)) == 0
		&& added < budget);
	return added;
}

/* The mapping around addr: mincore fails (ENOMEM) for a range with a hole, so each bound is found
 * by halving a step, within PREFAULT_SHM_SEARCH each way. */
static void mapping_around(uintptr_t addr, uintptr_t *from, uintptr_t *to)
{
	uintptr_t page = addr & ~(uintptr_t) (page_size - 1);
	size_t below = 0, above = 0;

	for (size_t step = PREFAULT_SHM_SEARCH / 2; step >= page_size; step >>= 1) {
		if (below + step <= page && (below + step) / page_size < sizeof(resident)
			&& mincore((void *) (page - below - step), below + step + page_size, resident) == 0) {
			below += step;
		}
	}
	for (size_t step = PREFAULT_SHM_SEARCH / 2; step >= page_size; step >>= 1) {
		if ((above + step) / page_size < sizeof(resident) && mincore((void *) page, above + step + page_size, resident) == 0) {
			above += step;
		}
	}
	*from = page - below;
	*to = page + above + page_size;
}

/* opcache's shared memory: the pages in use, found from a known string opcache interned there. */
static void plan_opcache(void)
{
	uintptr_t from, to;

	if (!zend_get_extension("Zend OPcache") || !INI_BOOL("opcache.enable") || !INI_BOOL("opcache.enable_cli")) {
		return;
	}
	mapping_around((uintptr_t) ZSTR_KNOWN(ZEND_STR_THIS), &from, &to);
	add_resident(from, to, false, SIZE_MAX);
}

static int plan_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void) size;
	(void) data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
		uintptr_t from, to;
		if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W)
			|| (!(segment->p_flags & PF_X) && segment->p_memsz > PREFAULT_DATA_MAX)) {
			continue;
		}
		from = (info->dlpi_addr + segment->p_vaddr) & ~(uintptr_t) (page_size - 1);
		to = (info->dlpi_addr + segment->p_vaddr + segment->p_memsz + page_size - 1) & ~(uintptr_t) (page_size - 1);
		add_resident(from, to, false, SIZE_MAX);
	}
	return 0;
}

/* malloc's main arena: the brk heap, below the program break. */
static void plan_malloc(size_t budget)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
	struct mallinfo2 info = mallinfo2();
	uintptr_t end = (uintptr_t) sbrk(0) & ~(uintptr_t) (page_size - 1);

	if (budget > 0 && info.arena > 0 && info.arena < end) {
		add_resident((end - info.arena) & ~(uintptr_t) (page_size - 1), end, true, budget);
	}
#else
	(void) budget;
#endif
}

void altair_eval_template_prefault_plan(size_t write_bytes)
{
	long size = sysconf(_SC_PAGESIZE);
	size_t written;
	void *shared;

	plan_count = 0;
	page_size = size > 0 ? (size_t) size : 4096;
	/* A kernel that does not know the advice answers EINVAL before it looks at the range. */
	if (write_bytes == 0 || madvise((void *) page_size, 0, MADV_POPULATE_READ) != 0
		|| madvise((void *) page_size, 0, MADV_POPULATE_WRITE) != 0
		|| (shared = mmap(NULL, page_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED) {
		return;
	}
	gate = shared;
	written = plan_zend_heap(write_bytes);
	plan_opcache();
	dl_iterate_phdr(plan_object, NULL);
	plan_malloc(write_bytes - written);
}

void altair_eval_template_prefault_busy(bool busy)
{
	if (!gate) {
		return;
	}
	__atomic_store_n(&gate->busy, busy ? 1 : 0, __ATOMIC_RELEASE);
	__atomic_add_fetch(&gate->sequence, 1, __ATOMIC_RELEASE);
	(void) syscall(SYS_futex, &gate->sequence, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

void altair_eval_template_prefault_hold(void)
{
	if (gate) {
		__atomic_store_n(&gate->busy, 1, __ATOMIC_RELEASE);
	}
}

/* Whether the worker may populate its next piece now: false once its own request came; waits
 * while another worker's request runs. */
static bool may_go_on(struct pollfd *request)
{
	for (;;) {
		/* The sequence first: the template writes our eventfd before it bumps the sequence, so
		 * either the look at the eventfd below sees our request, or the wait finds the sequence
		 * changed and returns at once (EAGAIN). Looked at in the other order, a request that came
		 * between the two left us asleep beside it (a warm call timed out, 1 in about 30). */
		uint32_t sequence = __atomic_load_n(&gate->sequence, __ATOMIC_ACQUIRE);
		if (poll(request, 1, 0) > 0) {
			return false;
		}
		if (__atomic_load_n(&gate->busy, __ATOMIC_ACQUIRE) == 0) {
			return true;
		}
		/* The template bumps the sequence and wakes us when a request starts (ours, perhaps) or
		 * ends. */
		(void) syscall(SYS_futex, &gate->sequence, FUTEX_WAIT, sequence, NULL, NULL, 0);
	}
}

void altair_eval_template_prefault(int wake)
{
	struct pollfd request = { .fd = wake, .events = POLLIN };

	if (!gate || wake < 0) {
		return;
	}
	for (size_t i = 0; i < plan_count; i++) {
		for (uintptr_t from = plan[i].from; from < plan[i].to; from += PREFAULT_PIECE) {
			if (!may_go_on(&request)) {
				return;
			}
			(void) madvise((void *) from, MIN(PREFAULT_PIECE, plan[i].to - from),
				plan[i].write ? MADV_POPULATE_WRITE : MADV_POPULATE_READ);
		}
	}
}

/* The page stays mapped: unmapping it took 25-30 us of every warm call (a TLB shootdown across
 * the CPUs the waiting worker ran on; 1+1 0.72 -> 0.69 ms without it, calls 20 ms apart). It holds
 * two counters that only pace the siblings' populating; a snippet able to write its own process's
 * memory at will could make them populate beside its run, or wake in vain, which costs CPU and no
 * more than such a snippet can burn itself within its timeout. Nothing else of it is used here. */
void altair_eval_template_prefault_forget(void)
{
	gate = NULL;
}
