<?php

/*
 * (Re)creates var/app.sqlite with a few users. Run it once before evaluating against the example:
 * evaluations see the project read-only unless they pass --writes.
 *
 *   php examples/app/bin/setup.php [path/to/database.sqlite]
 */

declare(strict_types=1);

$path = $argv[1] ?? dirname(__DIR__) . '/var/app.sqlite';
$directory = dirname($path);
if (!is_dir($directory) && !mkdir($directory, 0775, true) && !is_dir($directory)) {
    fwrite(STDERR, "setup: cannot create $directory\n");
    exit(1);
}
if (is_file($path)) {
    unlink($path);
}

$pdo = new PDO('sqlite:' . $path, null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
$pdo->exec('CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL)');
$insert = $pdo->prepare('INSERT INTO users (email, name) VALUES (:email, :name)');
foreach ([
    ['ada@example.com', 'Ada Lovelace'],
    ['grace@example.com', 'Grace Hopper'],
    ['linus@example.com', 'Linus Torvalds'],
] as [$email, $name]) {
    $insert->execute(['email' => $email, 'name' => $name]);
}

echo "setup: created $path with 3 users\n";
