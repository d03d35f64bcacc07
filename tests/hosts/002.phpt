--TEST--
Hosts: container() is Symfony DependencyInjection (a compiled ContainerBuilder): a bound interface, an autowired class, a missing id
--DESCRIPTION--
The fixture's vendor/ holds the real library, copied from Debian's php-symfony-dependency-injection at test time;
config/container.php returns the container. A missing id is a clean exception in the result.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/hosts.inc';
if ($why = altair_test_host_missing(['php-symfony-dependency-injection' => ['Symfony/Component/DependencyInjection', 'Symfony/Contracts/Service', 'Symfony/Contracts/Deprecation', 'Psr/Container']])) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/hosts.inc';
$root = altair_test_host('symfony', 'h002', ['php-symfony-dependency-injection' => ['Symfony/Component/DependencyInjection', 'Symfony/Contracts/Service', 'Symfony/Contracts/Deprecation', 'Psr/Container']]);

$r = altair_eval('return [
    get_class(container()),
    container() instanceof Psr\Container\ContainerInterface,
    get_class(container(App\Clock\Clock::class)),
    container(App\Clock\Clock::class) === container(App\Clock\Clock::class),
    container(App\Greeter::class)->greet("Ada"),
    container()->has(App\Greeter::class), // Illuminate: only what is bound; Symfony: every service
];', $root);
var_dump($r->ok);
foreach ($r->result['value'] as $item) {
    echo json_encode($item['value']), "\n";
}

$r = altair_eval('return container("App\\Missing");', $root);
var_dump($r->ok, $r->exitCode, $r->error);
echo $r->exception['class'], ': ', $r->exception['message'], "\n";
?>
--EXPECT--
bool(true)
"Symfony\\Component\\DependencyInjection\\ContainerBuilder"
true
"App\\Clock\\FixedClock"
true
"Hello Ada, today is 2026-11-22"
true
bool(false)
int(1)
NULL
Symfony\Component\DependencyInjection\Exception\ServiceNotFoundException: You have requested a non-existent service "App\Missing".
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('h002-');
?>
