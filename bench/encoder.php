<?php
/*
 * ValueEncoder (native) against the same rules in userland PHP (bench/UserlandEncoder.php), on a
 * ~10k-element nested value: 100 rows of 100 mixed scalars, strings and small objects.
 * Both run in this process, interleaved; the fastest round of each, side by side. Target: native >= 20x faster.
 *
 * Run: php -d extension=modules/altair_eval.so bench/encoder.php [rounds]
 */
declare(strict_types=1);

require __DIR__ . '/UserlandEncoder.php';

use Altair\Eval\Encoder\ValueEncoder;

$rounds = (int) ($argv[1] ?? 15);

final class Row
{
    public function __construct(public int $id, public string $email, public ?float $score) {}
}

$value = [];
for ($i = 0; $i < 100; $i++) {
    $row = [];
    for ($j = 0; $j < 100; $j++) {
        $row[] = match ($j % 4) {
            0 => $i * $j,
            1 => "user-$i-$j@example.com",
            2 => $j / 7,
            3 => new Row($j, "r$j@example.com", $j % 2 ? null : 1.5),
        };
    }
    $value["row$i"] = $row;
}

$native = ValueEncoder::encode($value);
$userland = UserlandEncoder::encode($value);
if (json_encode($native) !== json_encode($userland)) {
    fwrite(STDERR, "the two encoders disagree on the benchmark value\n");
    exit(1);
}

/* The fastest round: on a shared machine noise only ever adds time. */
function fastest(array $samples): float
{
    return min($samples);
}

$times = ['native' => [], 'userland' => []];
for ($r = 0; $r < $rounds; $r++) {
    $start = hrtime(true);
    ValueEncoder::encode($value);
    $times['native'][] = (hrtime(true) - $start) / 1e6;
    $start = hrtime(true);
    UserlandEncoder::encode($value);
    $times['userland'][] = (hrtime(true) - $start) / 1e6;
}
$native = fastest($times['native']);
$userland = fastest($times['userland']);
printf("%-40s %10s %8s\n", "fastest of $rounds rounds, 10k elements", 'ms', 'ratio');
printf("%-40s %10.3f %8s\n", 'userland encoder (same rules)', $userland, '1.0x');
printf("%-40s %10.3f %7.1fx   target >= 20x\n", 'ValueEncoder::encode (native)', $native, $userland / $native);
