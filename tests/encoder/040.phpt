--TEST--
ValueEncoder casters: an Eloquent model (key, exists, attributes minus $hidden, loaded relations) and collections, from Laravel's own classes, with no query run
--EXTENSIONS--
altair_eval
--INI--
pcre.jit=0
--SKIPIF--
<?php if (!is_file('/usr/share/php/Illuminate/Database/autoload.php')) die('skip php-laravel-framework is not installed'); ?>
--FILE--
<?php
require '/usr/share/php/Illuminate/Database/autoload.php';
use Altair\Eval\Encoder\ValueEncoder;
use Illuminate\Database\Eloquent\Model;
class User extends Model {
    protected $hidden = ['password'];
    protected $guarded = [];
    protected $casts = ['admin' => 'bool'];
    public function posts() { return $this->hasMany(Post::class); }
    /* An accessor: the encoder shows attributes as stored, without running it. */
    public function getNameAttribute($value) { echo "accessor ran\n"; return strtoupper($value); }
}
class Post extends Model { protected $guarded = []; }
$user = new User(['id' => 7, 'name' => 'ada', 'password' => 'secret', 'admin' => 1]);
$user->exists = true;
$user->setRelation('posts', new Illuminate\Database\Eloquent\Collection([new Post(['title' => 'hello'])]));
$strip = fn (string $json) => preg_replace('/"id":\d+,/', '', $json);
echo $strip(ValueEncoder::encodeJson($user)), "\n";
var_dump(json_decode(ValueEncoder::encodeJson($user), true) == ValueEncoder::encode($user));
/* A relation never loaded is not there, and the encoder does not load it (there is no database:
 * a query would throw). */
$fresh = new User(['id' => 8, 'name' => 'bob']);
echo json_encode(array_keys(ValueEncoder::encode($fresh)['properties']['relations']['value'])), "\n";
/* A Support collection: its items, as an array. */
echo $strip(ValueEncoder::encodeJson(collect(['a' => 1, 'b' => [2]]))), "\n";
?>
--EXPECT--
{"type":"object","class":"User","caster":"eloquent.model","properties":{"key":{"type":"int","value":7},"exists":{"type":"bool","value":true},"attributes":{"type":"array","is_list":false,"count":3,"value":{"id":{"type":"int","value":7},"name":{"type":"string","value":"ada"},"admin":{"type":"int","value":1}}},"relations":{"type":"array","is_list":false,"count":1,"value":{"posts":{"type":"object","class":"Illuminate\\Database\\Eloquent\\Collection","caster":"collection","properties":{"items":{"type":"array","is_list":true,"count":1,"value":[{"type":"object","class":"Post","caster":"eloquent.model","properties":{"key":{"type":"null","value":null},"exists":{"type":"bool","value":false},"attributes":{"type":"array","is_list":false,"count":1,"value":{"title":{"type":"string","value":"hello"}}},"relations":{"type":"array","is_list":true,"count":0,"value":[]}}}]}}}}}}}
bool(true)
[]
{"type":"object","class":"Illuminate\\Support\\Collection","caster":"collection","properties":{"items":{"type":"array","is_list":false,"count":2,"value":{"a":{"type":"int","value":1},"b":{"type":"array","is_list":true,"count":1,"value":[{"type":"int","value":2}]}}}}}
