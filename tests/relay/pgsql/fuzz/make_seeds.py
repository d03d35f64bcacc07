#!/usr/bin/env python3
# Writes the fuzzer's seed corpus (seeds/): whole conversations between a client and a server
# through the engine, in fuzz_pgsql.c's input format (a mode byte, then chunks: a header byte,
# high bit for the server's side, low 7 bits the length). Run it after changing the format.
import os
import struct

def msg(t, body=b''):
    return t + struct.pack('!I', len(body) + 4) + body

def cstr(s):
    return s.encode() + b'\0'

def startup(**params):
    body = struct.pack('!I', 196608) + b''.join(cstr(k) + cstr(v) for k, v in params.items()) + b'\0'
    return struct.pack('!I', len(body) + 4) + body

SSL = struct.pack('!II', 8, 80877103)
HELLO = (msg(b'R', struct.pack('!I', 0)) + msg(b'S', cstr('server_version') + cstr('15.4'))
         + msg(b'S', cstr('is_superuser') + cstr('off')) + msg(b'S', cstr('standard_conforming_strings') + cstr('on'))
         + msg(b'K', struct.pack('!II', 1, 2)) + msg(b'Z', b'I'))
GUARD = (msg(b'C', cstr('BEGIN')) + msg(b'T', struct.pack('!H', 1) + cstr('?column?') + struct.pack('!IHIhih', 0, 0, 23, 4, -1, 0))
         + msg(b'D', struct.pack('!HI', 1, 1) + b'1') + msg(b'C', cstr('SELECT 1')) + msg(b'Z', b'T'))
ROW = msg(b'T', struct.pack('!H', 1) + cstr('x') + struct.pack('!IHIhih', 0, 0, 23, 4, -1, 0)) + msg(b'D', struct.pack('!HI', 1, 1) + b'1')

def query(sql):
    return msg(b'Q', cstr(sql))

def extended(sql, params):
    bind = cstr('') + cstr('s1') + struct.pack('!HH', 1, 0) + struct.pack('!H', len(params))
    for p in params:
        bind += struct.pack('!I', len(p)) + p.encode()
    bind += struct.pack('!H', 0)
    return (msg(b'P', cstr('s1') + cstr(sql) + struct.pack('!H', 0)) + msg(b'B', bind) + msg(b'D', b'P\0')
            + msg(b'E', b'\0' + struct.pack('!I', 0)) + msg(b'S'))

def internal(tag):
    return msg(b'3') + msg(b'3') + msg(b'1') + msg(b'2') + msg(b'C', cstr(tag))

def conversation(mode, steps):
    out = bytes([mode])
    for side, data in steps:
        if side == 'step':  # a session's call step (mode bit 7): BEGIN 0, KEPT 1, UNDONE 2
            out += bytes([0, data])
            continue
        for i in range(0, len(data), 127):
            part = data[i:i + 127]
            out += bytes([(0x80 if side == 's' else 0) | len(part)]) + part
    return out

guarded_hello = [('c', SSL), ('c', startup(user='app', database='app', options='-c default_transaction_read_only=off -c search_path=public')),
                 ('s', HELLO), ('s', GUARD)]
# A guarded Query's statements reach the server one at a time, each as Parse, Bind, Describe, Execute,
# Sync (relay/pgsql/query.c): its replies are ParseComplete, BindComplete, a RowDescription or
# NoData, the rows, the CommandComplete and a ReadyForQuery.
def piece(tag, rows=False, status=b'T'):
    return msg(b'1') + msg(b'2') + (ROW if rows else msg(b'n')) + msg(b'C', cstr(tag)) + msg(b'Z', status)

seeds = {
    'select': conversation(0, guarded_hello + [('c', query('SELECT 1')), ('s', internal('SAVEPOINT') + piece('SELECT 1', True)),
                                               ('c', query('SELECT 2')),
                                               ('s', internal('RELEASE') + internal('SAVEPOINT') + piece('SELECT 1', True)),
                                               ('c', msg(b'X'))]),
    'transaction': conversation(1, guarded_hello + [('c', query('BEGIN; INSERT INTO t VALUES (1); COMMIT; COMMIT')),
                                                    ('s', internal('SAVEPOINT') + piece('SAVEPOINT')),
                                                    ('s', piece('INSERT 0 1')), ('s', piece('RELEASE')),
                                                    ('c', query("SELECT E'\\''; ROLLBACK; SELECT $a$;$a$")),
                                                    ('c', query('BEGIN READ WRITE; DELETE FROM users'))]),
    'extended': conversation(0, guarded_hello + [('c', extended('SELECT $1::int', ['41'])),
                                                 ('s', internal('SAVEPOINT') + msg(b'1') + msg(b'2') + ROW + msg(b'C', cstr('SELECT 1')) + msg(b'Z', b'T')),
                                                 ('c', extended('SELECT $1::text', ['\xff\x00'])),
                                                 ('s', internal('RELEASE') + internal('SAVEPOINT') + msg(b'1') + msg(b'2') + ROW + msg(b'C', cstr('SELECT 1')) + msg(b'Z', b'T')),
                                                 ('c', extended('COMMIT', [])), ('c', extended('SET transaction_read_only = off', []))]),
    'error': conversation(0, guarded_hello + [('c', query('SELECT 1/0; SELECT 2')),
                                              ('s', internal('SAVEPOINT') + msg(b'1') + msg(b'2') + msg(b'n')
                                               + msg(b'E', b'SERROR\0C22012\0Mdivision by zero\0P8\0\0') + msg(b'Z', b'E')),
                                              ('c', query('SELECT 2')), ('s', internal('ROLLBACK') + piece('SELECT 1', True))]),
    # An error whose message field is empty (a real server always says something): the statement
    # must still be reported as failed, in the simple and the extended protocol.
    'error_empty': conversation(0, guarded_hello + [('c', query('SELECT 1/0')),
                                                    ('s', internal('SAVEPOINT') + msg(b'E', b'SERROR\0C22012\0M\0\0') + msg(b'Z', b'E')),
                                                    ('c', extended('SELECT $1::int', ['x'])),
                                                    ('s', internal('ROLLBACK') + msg(b'E', b'SERROR\0C22P02\0M\0\0') + msg(b'Z', b'E'))]),
    # COPY FROM STDIN as a statement of its own: the server ignores its Sync during the copy, so the
    # client's CopyDone brings another.
    'copy': conversation(1, guarded_hello + [('c', query('COPY t FROM STDIN')), ('s', internal('SAVEPOINT') + msg(b'1') + msg(b'2') + msg(b'n')),
                                             ('s', msg(b'G', b'\0\0\0')), ('c', msg(b'd', b'1\n') + msg(b'c')),
                                             ('s', msg(b'C', cstr('COPY 1')) + msg(b'Z', b'T'))]),
    # The server says a statement ended the guard (a tag, a status): the relay closes at once.
    'guard_ended': conversation(1, guarded_hello + [('c', query('SELECT 1; SELECT 2')), ('s', internal('SAVEPOINT') + piece('COMMIT')),
                                                    ('c', query('SELECT 3')), ('s', piece('SELECT 1', True, b'I'))]),
    'writes': conversation(2, [('c', startup(user='app', database='app')), ('s', HELLO), ('c', query('BEGIN; DELETE FROM t; COMMIT')),
                               ('s', msg(b'C', cstr('BEGIN')) + msg(b'C', cstr('DELETE 3')) + msg(b'C', cstr('COMMIT')) + msg(b'Z', b'I'))]),
    # Issue 35: encodings whose characters hold ASCII bytes, asked for in every way; a login with a
    # query and a password behind it in one write.
    'encodings': conversation(0, [('c', startup(user='app', database='app', options='--client_encoding=SJIS')), ('s', HELLO)]),
    'encodings_param': conversation(1, [('c', startup(user='app', database='app', client_encoding='big5')), ('s', HELLO)]),
    'encodings_later': conversation(1, guarded_hello + [('c', query("SET client_encoding = 'GBK'; SELECT '\xb1'")),
                                                        ('s', internal('SAVEPOINT') + msg(b'S', cstr('client_encoding') + cstr('SJIS')) + piece('SET'))]),
    'pipelined': conversation(0, [('c', startup(user='app', database='app') + msg(b'p', cstr('md5x')) + query('DELETE FROM t')),
                                  ('s', msg(b'R', struct.pack('!I', 5) + b'salt')), ('s', HELLO), ('s', GUARD)]),
    # The relay's own login (relay/pgsql/login.c: credentials for app), a trusting server, and the
    # client kept (mode byte 0x20): keep()'s reset, the replies fuzzed, a second client resumed.
    'relay_login_trust_kept': conversation(0x24, [('c', startup(user='app', database='app')), ('s', HELLO), ('s', GUARD),
                                                  ('c', query('SELECT 1')), ('s', internal('SAVEPOINT') + piece('SELECT 1', True)),
                                                  ('c', msg(b'X'))]),
    'relay_login_md5': conversation(0x04, [('c', startup(user='app', database='app')), ('s', msg(b'R', struct.pack('!I', 5) + b'salt')),
                                           ('c', msg(b'p', cstr('md5' + '0' * 32))), ('s', HELLO), ('s', GUARD)]),
    'relay_login_scram': conversation(0x05, [('c', startup(user='app', database='app')),
                                             ('s', msg(b'R', struct.pack('!I', 10) + cstr('SCRAM-SHA-256-PLUS') + cstr('SCRAM-SHA-256') + b'\0')),
                                             ('c', msg(b'p', cstr('SCRAM-SHA-256') + struct.pack('!I', 24) + b'n,,n=,r=abcdefghijklmnopq')),
                                             ('s', msg(b'R', struct.pack('!I', 11) + b'r=x,s=c2FsdA==,i=4096')),
                                             ('c', msg(b'p', b'c=biws,r=abcdefghijklmnopqXYZ,p=AAAA'))]),
    # TLS: the server's answer to the relay's SSLRequest (0x08), a client asking for it (0x10).
    'tls_server_yes': conversation(0x08, [('c', startup(user='app', database='app')), ('s', b'S'), ('s', HELLO), ('s', GUARD)]),
    'tls_server_no': conversation(0x0a, [('c', startup(user='app', database='app')), ('s', b'N'), ('s', HELLO), ('s', GUARD)]),
    'tls_client': conversation(0x10, [('c', SSL), ('c', startup(user='app', database='app')), ('s', HELLO), ('s', GUARD)]),
    # A session's calls (mode bit 7; relay/pgsql/call.c), rollback mode: the opening's end, a call that
    # inserts and is kept (altair_q settled, the mark released), one that parses a named statement
    # and is undone (rolled back to the mark, the statement closed), one left running (refused).
    'calls': conversation(0x81, guarded_hello + [
        ('step', 1), ('step', 0), ('s', internal('SAVEPOINT') + msg(b'Z', b'T')),
        ('c', query('INSERT INTO t VALUES (1)')), ('s', internal('SAVEPOINT') + piece('INSERT 0 1')),
        ('step', 1), ('s', internal('RELEASE') + internal('RELEASE') + msg(b'Z', b'T')),
        ('step', 0), ('s', internal('SAVEPOINT') + msg(b'Z', b'T')),
        ('c', extended('SELECT $1::int', ['41'])), ('s', internal('SAVEPOINT') + msg(b'1') + msg(b'2') + ROW + msg(b'C', cstr('SELECT 1')) + msg(b'Z', b'T')),
        ('step', 2), ('s', internal('ROLLBACK') + internal('RELEASE') + msg(b'3') + msg(b'Z', b'T')),
        ('step', 0), ('s', internal('SAVEPOINT') + msg(b'Z', b'T')),
        ('c', query('SELECT pg_sleep(40)')), ('step', 2)]),
    'split': bytes([3]) + b"CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END; /* a /* b */ ; */ SELECT U&'\\0041' UESCAPE '!'; COPY t TO PROGRAM 'x'",
    'split_continuation': bytes([3]) + b"SELECT E'x' --\n'\\' y' ; COMMIT ; DELETE FROM posts ; SELECT 1 --'; release savepoint U&\"\\0061ltair_q\"; select pg_catalog.pg_terminate_backend(1); SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE",
    'split_sjis': bytes([3]) + b"SELECT '\xb1' ; COMMIT ; DELETE FROM posts ; SELECT '\xb1'; SET NAMES 'sjis'; select set_config('client_encoding', 'UHC', false)",
    'json': bytes([0x43]) + b'{"version":150001,"stmts":[{"stmt":{"TransactionStmt":{"kind":"TRANS_STMT_RELEASE","savepoint_name":"altair_\\u0074x"}},"stmt_len":36}]}',
}
here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(os.path.join(here, 'seeds'), exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(here, 'seeds', name), 'wb') as f:
        f.write(data)
