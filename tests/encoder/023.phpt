--TEST--
ExceptionEncoder: the previous chain is flattened and capped at MAX_PREVIOUS_CHAIN
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
function chain(int $wraps): Throwable { $e = new RuntimeException('root'); for ($i = 1; $i <= $wraps; $i++) { $e = new LogicException("wrap $i", $i, $e); } return $e; }
foreach ([0, 1, 15] as $wraps) {
    $r = Altair\Eval\Encoder\ExceptionEncoder::encode(chain($wraps));
    echo $wraps, ': ', $r['message'], ' -> ', count($r['previous']), ' entries; first ', $r['previous'][0]['message'] ?? '-', '; last ', json_encode(array_diff_key(end($r['previous']) ?: [], ['file' => 1]) ?: null), "\n";
}
$r = Altair\Eval\Encoder\ExceptionEncoder::encode(chain(1));
echo implode(',', array_keys($r['previous'][0])), "\n";
?>
--EXPECT--
0: root -> 0 entries; first -; last null
1: wrap 1 -> 1 entries; first root; last {"class":"RuntimeException","message":"root","line":3,"code":0}
15: wrap 15 -> 11 entries; first wrap 14; last {"truncated":true,"remaining":5}
class,message,file,line,code
