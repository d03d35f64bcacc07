<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

/**
 * A session through the CLI (issue 38 item 4), on the Laravel fixture (tests/apps/fixtures, SQLite,
 * so --writes=rollback works on a private copy): `session open`, four `eval --session` calls (find a
 * user, change it, read the change back, a call that throws and changes nothing), `session close`,
 * and the app's data as it was. The project's server runs with a runtime directory of its own.
 */
final class SessionCliTest extends TestCase
{
    private const ADA = '$u = App\Models\User::where("email", "ada@example.com")->first(); return $u->name;';

    private Repository $repository;
    private string $runtime;
    private string $app;

    protected function setUp(): void
    {
        if (!is_dir('/usr/share/php/Illuminate/Foundation')) {
            self::markTestSkipped('no Laravel fixture libraries (scripts/fixtures installs them)');
        }
        $this->repository = new Repository();
        $this->runtime = $this->repository->temporaryDirectory();
        chmod($this->runtime, 0700);
        $this->app = $this->repository->temporaryDirectory() . '/laravel';
        $built = Process::run([PHP_BINARY, $this->repository->root() . '/tests/apps/fixtures/build.php', 'laravel', $this->app]);
        self::assertSame(0, $built->exitCode, $built->stderr);
    }

    protected function tearDown(): void
    {
        if (isset($this->app)) {
            $this->altair(['serve', '--stop']);
            $this->repository->remove($this->runtime);
            $this->repository->remove(dirname($this->app));
        }
    }

    /** @param list<string> $arguments */
    private function altair(array $arguments): Process
    {
        return Process::altair([$arguments[0], '--project-root=' . $this->app, ...array_slice($arguments, 1)], '', $this->app, ['XDG_RUNTIME_DIR' => $this->runtime]);
    }

    public function testFiveStepsInASessionAndTheAppUnchanged(): void
    {
        $refused = $this->altair(['session', 'open', self::ADA]);
        self::assertSame(2, $refused->exitCode);
        self::assertStringContainsString('sessions live in the project\'s server', $refused->stderr);

        $started = $this->altair(['serve', '--daemon', '--allow-writes=rollback', '--workers=2']);
        self::assertSame(0, $started->exitCode, $started->stderr);

        $opened = $this->altair(['session', 'open', '--writes=rollback', self::ADA]);
        self::assertSame(0, $opened->exitCode, $opened->stderr);
        $id = trim($opened->stdout);
        self::assertMatchesRegularExpression('/^[0-9a-f]{32}$/', $id);
        self::assertStringContainsString('✓ string "Ada Lovelace"', $opened->stderr);
        self::assertStringContainsString("session: {$id} call 1 (kept)", $opened->stderr);

        $changed = $this->altair(['eval', '--session=' . $id, '$u->name = "Ada Changed"; $u->save(); return $u->name;']);
        self::assertSame(0, $changed->exitCode, $changed->stderr);
        self::assertStringContainsString("session: {$id} call 2 (kept)", $changed->stdout);

        $read = $this->altair(['eval', '--session=' . $id, '--format=json', 'return App\Models\User::find($u->id)->name;']);
        self::assertSame(0, $read->exitCode, $read->stderr);
        $contract = json_decode($read->stdout, true);
        self::assertSame(['type' => 'string', 'value' => 'Ada Changed'], $contract['result']);
        self::assertSame(['id' => $id, 'call' => 3, 'kept' => true], $contract['session']);

        $failed = $this->altair(['eval', '--session=' . $id, '$u->name = "Broken"; $note = 1; throw new RuntimeException("step four");']);
        self::assertSame(1, $failed->exitCode);
        self::assertStringContainsString('✗ RuntimeException: step four', $failed->stdout);
        self::assertStringContainsString("session: {$id} call 4 (undone: the session is as before this call)", $failed->stdout);

        $after = $this->altair(['eval', '--session=' . $id, '--format=json', 'return [$u->name, isset($note), App\Models\User::find($u->id)->name];']);
        self::assertSame(0, $after->exitCode, $after->stderr);
        self::assertSame(['Ada Changed', false, 'Ada Changed'], array_column(json_decode($after->stdout, true)['result']['value'], 'value'));

        self::assertStringContainsString("{$id}  calls=5  idle since ", $this->altair(['session', 'list'])->stdout);
        $status = $this->altair(['serve', '--status']);
        self::assertStringContainsString("sessions: 1\n  {$id}  calls=5", $status->stdout);

        $closed = $this->altair(['session', 'close', $id]);
        self::assertSame(0, $closed->exitCode, $closed->stderr);
        $gone = $this->altair(['eval', '--session=' . $id, 'return 1;']);
        self::assertSame(2, $gone->exitCode);
        self::assertStringContainsString("no open session {$id} here", $gone->stderr);
        self::assertSame(2, $this->altair(['session', 'close', $id])->exitCode);
        self::assertStringContainsString('sessions: 0', $this->altair(['serve', '--status'])->stdout);

        $data = $this->altair(['eval', '--format=json', 'return App\Models\User::where("email", "ada@example.com")->first()->name;']);
        self::assertSame(['type' => 'string', 'value' => 'Ada Lovelace'], json_decode($data->stdout, true)['result'], $data->stderr);
    }

    public function testAHandleNeverOpenedIsRefusedAsAClosedOne(): void
    {
        self::assertSame(0, $this->altair(['serve', '--daemon'])->exitCode);
        $never = $this->altair(['eval', '--session=' . str_repeat('0', 32), 'return 1;']);

        self::assertSame(2, $never->exitCode);
        self::assertStringContainsString('no open session ' . str_repeat('0', 32) . ' here (closed, ended, or never opened by you).', $never->stderr);
        self::assertSame("no open sessions\n", $this->altair(['session', 'list'])->stdout);
    }
}
