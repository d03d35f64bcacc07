/*
 * Times altair_eval_scanner_scan() + altair_eval_scanner_prepare() on one file's bytes, built by
 * bench/scanner.php against scanner/*.c alone. Prints the median microseconds per call.
 * Usage: scanner_bench <file> <rounds>
 */
#include "../scanner/scanner.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec * 1e6 + (double) t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	FILE *file;
	char *src, *dst;
	long size;
	int rounds;
	double *samples;
	size_t written = 0;

	if (argc != 3 || !(file = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: scanner_bench <file> <rounds>\n");
		return 2;
	}
	fseek(file, 0, SEEK_END);
	size = ftell(file);
	rewind(file);
	src = malloc((size_t) size + 1);
	if (fread(src, 1, (size_t) size, file) != (size_t) size) {
		return 2;
	}
	fclose(file);
	dst = malloc((size_t) size + ALTAIR_EVAL_SCANNER_GROWTH);
	rounds = atoi(argv[2]);
	samples = malloc(sizeof(double) * (size_t) rounds);
	for (int i = 0; i < rounds; i++) {
		altair_eval_scan_result scan;
		double start = now_us();
		altair_eval_scanner_scan(src, (size_t) size, &scan);
		written += altair_eval_scanner_prepare(src, (size_t) size, &scan, dst);
		samples[i] = now_us() - start;
	}
	qsort(samples, (size_t) rounds, sizeof(double), by_value);
	printf("%.3f %zu\n", samples[rounds / 2], written / (size_t) rounds);
	return 0;
}
