--TEST--
EvalRequest: allowWrites takes true, false or "rollback"; databaseMode says what the relay lets through, and "rollback" leaves the project read-only
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\EvalRequest;

foreach ([false, true, 'rollback'] as $writes) {
    $r = new EvalRequest('return 1;', '/tmp', allowWrites: $writes);
    echo json_encode($writes), ': allowWrites ', json_encode($r->allowWrites), ', databaseMode ', $r->databaseMode, "\n";
}
try {
    new EvalRequest('return 1;', '/tmp', allowWrites: 'yes');
    echo "accepted\n";
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
false: allowWrites false, databaseMode read-only
true: allowWrites true, databaseMode writes
"rollback": allowWrites false, databaseMode rollback
Altair\Eval\EvalRequest::__construct(): Argument #5 ($allowWrites) must be true, false or "rollback"
