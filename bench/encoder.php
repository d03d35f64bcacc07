<?php
/*
 * ValueEncoder (native) against the same rules in userland PHP (bench/UserlandEncoder.php), on a
 * ~10k-element nested value: 100 rows of 100 mixed scalars, strings and small objects, two ways:
 *   - to PHP arrays: ValueEncoder::encode() vs UserlandEncoder::encode()
 *   - to the wire (JSON, what the evaluator sends): ValueEncoder::encodeJson() vs
 *     json_encode(UserlandEncoder::encode())
 * All run in this process, interleaved; the fastest round of each, side by side. Target: >= 20x.
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

$flags = JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE;
$native = ValueEncoder::encode($value);
$userland = UserlandEncoder::encode($value);
if (json_encode($native) !== json_encode($userland)
    || json_decode(ValueEncoder::encodeJson($value), true) !== json_decode(json_encode($userland, $flags), true)) {
    fwrite(STDERR, "the encoders disagree on the benchmark value\n");
    exit(1);
}

/* The fastest round: on a shared machine noise only ever adds time. */
function fastest(array $samples): float
{
    return min($samples);
}

$runs = [
    'userland arrays' => static fn () => UserlandEncoder::encode($value),
    'native arrays' => static fn () => ValueEncoder::encode($value),
    'userland JSON' => static fn () => json_encode(UserlandEncoder::encode($value), $flags),
    'native JSON' => static fn () => ValueEncoder::encodeJson($value),
];
$times = array_fill_keys(array_keys($runs), []);
for ($r = 0; $r < $rounds; $r++) {
    foreach ($runs as $label => $run) {
        $start = hrtime(true);
        $run();
        $times[$label][] = (hrtime(true) - $start) / 1e6;
    }
}
$t = array_map('fastest', $times);
printf("%-46s %10s %8s\n", "fastest of $rounds rounds, 10k elements", 'ms', 'ratio');
printf("%-46s %10.3f %8s\n", 'to arrays: UserlandEncoder::encode', $t['userland arrays'], '1.0x');
printf("%-46s %10.3f %7.1fx   target >= 20x\n", 'to arrays: ValueEncoder::encode', $t['native arrays'], $t['userland arrays'] / $t['native arrays']);
printf("%-46s %10.3f %8s\n", 'to JSON: json_encode(UserlandEncoder::encode)', $t['userland JSON'], '1.0x');
printf("%-46s %10.3f %7.1fx   target >= 20x\n", 'to JSON: ValueEncoder::encodeJson', $t['native JSON'], $t['userland JSON'] / $t['native JSON']);
