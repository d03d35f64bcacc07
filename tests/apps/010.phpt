--TEST--
Apps: a booted template primes its workers' first database call (classes, the inflector, Doctrine's mapping) without connecting; cold children do not; a Doctrine URL without serverVersion is left unprimed
--DESCRIPTION--
Issue 21: a warm worker's first User::count() paid ~2 ms of first use in every evaluation (39
classes loaded, Doctrine's inflector rules built; Symfony: 114 classes and every entity's mapping),
work that does not depend on the request. A booted template now does it once before it forks
(Altair\Eval\Guest\prime_workers, guest/boot/core.c), so each worker starts with it done. Nothing
it does may connect: a worker's connection reaches its evaluation's relay, the template's would
reach nobody. Laravel: the default connection's objects are made by the factory and dropped (the
connection list is empty when the snippet starts; the app's models are not loaded), and the
manager's default connection, kept unconnected for the workers unless it connected at once
(SQLite) or something listens to its making (ConnectionEstablished: app code, which may connect). Doctrine: the
mapping is loaded only where DBAL knows the platform without asking the server (SQLite, or the URL
names serverVersion); the connection is never opened (isConnected() false). A cold child is not
primed: the same snippet sees none of it there.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/apps.inc';
if ($why = altair_test_app_missing()) die("skip $why");
require __DIR__ . '/../booted/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/apps.inc';
require __DIR__ . '/../booted/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$laravel = altair_test_app('laravel', 'a010-laravel');
$symfony = altair_test_app('symfony', 'a010-symfony');
$mysql = altair_test_app('symfony', 'a010-mysql');
$versioned = altair_test_app('symfony', 'a010-versioned');
// Nothing listens on port 1: a connection would fail at once, and the snippet never makes one.
file_put_contents("$mysql/.env.local", "DATABASE_URL=\"mysql://app:secret@127.0.0.1:1/app\"\n");
file_put_contents("$versioned/.env.local", "DATABASE_URL=\"mysql://app:secret@127.0.0.1:1/app?serverVersion=10.11.0-MariaDB\"\n");
// Laravel on MySQL: the manager's default connection is made in the template, never connected;
// not when something listens to ConnectionEstablished (app code, which may connect).
$laravelMysql = altair_test_app('laravel', 'a010-laravel-mysql');
$listened = altair_test_app('laravel', 'a010-laravel-listened');
foreach ([$laravelMysql, $listened] as $root) {
    file_put_contents("$root/.env", preg_replace('/^DB_CONNECTION=.*$/m', "DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_PORT=1", file_get_contents("$root/.env")));
}
$provider = "$listened/app/Providers/AppServiceProvider.php";
file_put_contents($provider, str_replace("    public function boot()\n    {\n", "    public function boot()\n    {\n        \\Illuminate\\Support\\Facades\\Event::listen('Illuminate\\Database\\Events\\ConnectionEstablished', fn () => null);\n", file_get_contents($provider)));
$kept = 'return [array_keys(DB::getConnections()), DB::connection()->getRawPdo() instanceof PDO, DB::connection()->getName()];';

$first = 'return [class_exists("Illuminate\Database\Query\Builder", false), class_exists("Doctrine\Inflector\Inflector", false), class_exists("App\Models\User", false), array_keys(DB::getConnections()), App\Models\User::count()];';
$mapping = '$em = container("doctrine")->getManager(); return [count($em->getMetadataFactory()->getLoadedMetadata()) > 0, $em->getConnection()->isConnected()];';
foreach (['warm' => new Evaluator(warm: true), 'cold' => new Evaluator()] as $label => $evaluator) {
    $show = function (string $name, string $root, string $snippet) use ($evaluator, $label): void {
        $r = $evaluator->evaluate(new EvalRequest($snippet, $root, timeoutMs: 20000));
        echo "$label $name: ", json_encode(altair_booted_plain($r)),
            $label === 'warm' ? ' booted ' . json_encode($r->sandbox['booted_template']) : '', "\n";
    };
    $show('laravel', $laravel, $first);
    $show('symfony sqlite', $symfony, $mapping);
    $show('symfony count', $symfony, 'return container("doctrine")->getRepository(App\Entity\Product::class)->count([]);');
    $show('symfony mysql, no serverVersion', $mysql, $mapping);
    $show('symfony mysql, serverVersion', $versioned, $mapping);
    $show('laravel mysql', $laravelMysql, $kept);
    $show('laravel mysql, a ConnectionEstablished listener', $listened, $kept);
}
?>
--EXPECT--
warm laravel: [true,true,false,[],3] booted true
warm symfony sqlite: [true,false] booted true
warm symfony count: 3 booted true
warm symfony mysql, no serverVersion: [false,false] booted true
warm symfony mysql, serverVersion: [true,false] booted true
warm laravel mysql: [["mysql"],false,"mysql"] booted true
warm laravel mysql, a ConnectionEstablished listener: [[],false,"mysql"] booted true
cold laravel: [false,false,false,[],3]
cold symfony sqlite: [false,false]
cold symfony count: 3
cold symfony mysql, no serverVersion: [false,false]
cold symfony mysql, serverVersion: [false,false]
cold laravel mysql: [[],false,"mysql"]
cold laravel mysql, a ConnectionEstablished listener: [[],false,"mysql"]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a010-');
?>
