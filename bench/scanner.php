<?php
/*
 * Snippet scanner cost on a 10 KB snippet, side by side in one run (ratios matter, not absolutes):
 *   1. scanner:        altair_eval_scanner_scan() + altair_eval_scanner_prepare() (C, -O2, built
 *                      here from scanner/*.c alone with cc)
 *   2. token_get_all:  PHP's own lexer on the same text, for scale
 *   3. evaluate:       one whole evaluation of the same snippet (spawn included), for scale
 * Target: (1) well under 0.1 ms. No extension needed for (1) and (2); (3) runs when it is loaded.
 *
 * Run: php -d extension=modules/altair_eval.so bench/scanner.php [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

$rounds = (int) ($argv[1] ?? 2000);
$dir = sys_get_temp_dir() . '/altair-bench-scanner-' . getmypid();
@mkdir($dir);

// A realistic agent snippet grown to 10 KB: strings, heredoc, closures, comments, nested braces.
$unit = <<<'PHP'
$users = array_map(function (array $row): array {
    // normalise one row (a close tag in this comment would end PHP mode, as PHP does)
    return ['email' => strtolower($row['email'] ?? "n/a?>}"), 'tags' => explode(',', $row['tags'] ?? '')];
}, [['email' => 'A@B.C', 'tags' => 'x,y'], ['email' => 'D@E.F']]);
$report = <<<TXT
  users: {$users[0]['email']} /* not a comment */
  TXT;
# tally
$count = count($users) + strlen($report);

PHP;
$snippet = '';
while (strlen($snippet) < 10 * 1024) {
    $snippet .= $unit;
}
$snippet .= '$count';
file_put_contents("$dir/snippet.txt", $snippet);

$root = dirname(__DIR__);
$binary = "$dir/scanner_bench";
$cc = sprintf('cc -O2 -o %s %s %s %s 2>&1', escapeshellarg($binary), escapeshellarg("$root/bench/scanner_bench.c"),
    escapeshellarg("$root/scanner/snippet_scanner.c"), escapeshellarg("$root/scanner/snippet_prepare.c"));
exec($cc, $out, $status);
if ($status !== 0) {
    fwrite(STDERR, "cannot build the bench driver:\n" . implode("\n", $out) . "\n");
    exit(1);
}
[$scanUs, $written] = explode(' ', trim((string) shell_exec(escapeshellarg($binary) . ' ' . escapeshellarg("$dir/snippet.txt") . ' ' . $rounds)));

$samples = [];
for ($i = 0; $i < min($rounds, 500); $i++) {
    $t = hrtime(true);
    token_get_all('<?php ' . $snippet);
    $samples[] = (hrtime(true) - $t) / 1000;
}
sort($samples);
$tokenUs = $samples[intdiv(count($samples), 2)];

printf("snippet: %d bytes (%d lines), rewritten to %d bytes\n", strlen($snippet), substr_count($snippet, "\n") + 1, (int) $written);
printf("%-16s %10.1f us  (%s the 100 us target)\n", 'scanner', (float) $scanUs, $scanUs < 100 ? 'under' : 'OVER');
printf("%-16s %10.1f us  (scanner = %.2fx)\n", 'token_get_all', $tokenUs, (float) $scanUs / $tokenUs);
if (class_exists(Evaluator::class)) {
    $t = hrtime(true);
    $r = (new Evaluator())->evaluate(new EvalRequest($snippet, $dir));
    $evalUs = (hrtime(true) - $t) / 1000;
    printf("%-16s %10.1f us  (scanner = %.4fx), result %s\n", 'evaluate', $evalUs, (float) $scanUs / $evalUs, json_encode($r->result));
}
array_map('unlink', glob("$dir/*"));
@exec('rm -rf ' . escapeshellarg($dir));
