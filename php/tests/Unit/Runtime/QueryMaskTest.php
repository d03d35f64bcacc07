<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Runtime;

use AltairEval\Frontend\Runtime\QueryMask;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * Issue 20 item 2: values that look like secrets are masked before a person or the audit log sees
 * them; everything else stays as the server ran it.
 */
final class QueryMaskTest extends TestCase
{
    /** @return iterable<string, array{string, ?list<mixed>, string, ?list<mixed>, ?string}> */
    public static function statements(): iterable
    {
        yield 'pgsql insert, numbered placeholders' => [
            'insert into t (id, name, password) values ($1, $2, $3)', ['1', 'bob', 'hunter2'],
            'insert into t (id, name, password) values ($1, $2, $3)', ['1', 'bob', '***'], null,
        ];
        yield 'Eloquent insert of two rows, quoted names' => [
            'insert into "users" ("name", "email", "password", "updated_at") values (?, ?, ?, ?), (?, ?, ?, ?)', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
            'insert into "users" ("name", "email", "password", "updated_at") values (?, ?, ?, ?), (?, ?, ?, ?)', ['a', 'b', '***', 'd', 'e', 'f', '***', 'h'], null,
        ];
        yield 'MySQL update, backquoted names' => [
            'update `users` set `remember_token` = ?, `name` = ? where `id` = ?', ['tok', 'n', 1],
            'update `users` set `remember_token` = ?, `name` = ? where `id` = ?', ['***', 'n', 1], null,
        ];
        yield 'literals compared with a secret column' => [
            "select * from t where password = 'hunter2' and name = 'bob'", null,
            "select * from t where password = '***' and name = 'bob'", null, null,
        ];
        yield 'an IN list' => [
            'select * from users where api_key in (?, ?) and x = ?', ['k1', 'k2', 3],
            'select * from users where api_key in (?, ?) and x = ?', ['***', '***', 3], null,
        ];
        yield 'a value shaped like a password hash, whatever its column' => [
            'select * from users where email = ?', ['$2y$10$abcdefghijklmnopqrstuv'],
            'select * from users where email = ?', ['***'], null,
        ];
        yield 'an insert literal in a secret column' => [
            "INSERT INTO users (name, password) VALUES ('bob', 'hunter2')", null,
            "INSERT INTO users (name, password) VALUES ('bob', '***')", null, null,
        ];
        yield 'nothing secret' => [
            'select count(*) as aggregate from "users" where "name" = ?', ['bob'],
            'select count(*) as aggregate from "users" where "name" = ?', ['bob'], null,
        ];
        yield 'a string that mentions password is not a column' => [
            "select 'password = x' as note", null,
            "select 'password = x' as note", null, null,
        ];
        // issue 35: prefixed literals were left as they were, and a literal on the left of its column
        yield 'PostgreSQL escape string, MySQL national and introduced strings' => [
            "select * from t where password = E'hunter\\'2' or secret = N'n' or api_key = _utf8mb4'k' or token = x'ab'", null,
            "select * from t where password = '***' or secret = '***' or api_key = '***' or token = '***'", null, null,
        ];
        yield 'a Unicode string and a dollar-quoted one' => [
            'update users set password = U&\'hunter\\0032\', remember_token = $$tok$$, salt = $q$s;$q$ where id = 1', null,
            'update users set password = \'***\', remember_token = \'***\', salt = \'***\' where id = 1', null, null,
        ];
        yield 'a literal on the left of its column' => [
            "select * from users where 'hunter2' = password and ? = api_key and 'bob' = name", ['k'],
            "select * from users where '***' = password and ? = api_key and 'bob' = name", ['***'], null,
        ];
        yield 'Redis: the value after a secret field' => [
            'HSET user:1 password hunter2 name bob', null,
            'HSET user:1 password *** name bob', null, 'redis',
        ];
    }

    /**
     * @param list<mixed>|null $params
     * @param list<mixed>|null $maskedParams
     */
    #[DataProvider('statements')]
    public function testMasksSecretsAndNothingElse(string $text, ?array $params, string $maskedText, ?array $maskedParams, ?string $protocol): void
    {
        $masked = (new QueryMask())->mask(['database' => 0, 'text' => $text, 'params' => $params, 'rows' => 1], $protocol);

        self::assertSame($maskedText, $masked['text']);
        self::assertSame($maskedParams, $masked['params']);
        self::assertSame(1, $masked['rows'], 'the rest of the entry is kept');
    }
}
