--TEST--
Casters, hostile hooks: a member's __debugInfo (or a method the caster calls) unsets and replaces every property the caster shows, each held by reference; nothing is read after it (valgrind)
--DESCRIPTION--
Issue 18 item 12. Each caster is met with an object whose first shown member runs a hook that
unsets or replaces every slot the caster reads, and drops the last other owner of each value (the
properties are PHP references to globals the hook unsets). Before, cast_eloquent_model and
cast_doctrine_proxy kept pointers into those references and read them after the hook: invalid reads
in the caller's own process (this suite runs under valgrind in scripts/test). The classes stand in
for the real ones (the casters find them by name, among the loaded classes).
--EXTENSIONS--
altair_eval
--FILE--
<?php
namespace Illuminate\Database\Eloquent {
    class Model {
        public $attributes; public $hidden; public $primaryKey; public $exists; public $relations;
    }
}
namespace Illuminate\Support {
    class Collection { public $items; }
}
namespace Doctrine\Persistence {
    interface Proxy {}
}
namespace Doctrine\ORM\Mapping {
    #[\Attribute] final class Entity {}
    #[\Attribute] final class Column {}
}
namespace Doctrine\Common\Collections {
    abstract class AbstractLazyCollection { public $initialized; public $collection; }
}
namespace Symfony\Component\HttpFoundation {
    class HeaderBag { public $headers; }
    class Request {
        public $headers; public $content; public $hook;
        public function getMethod() { ($this->hook)(); return 'GET'; }
        public function getUri() { ($this->hook)(); return 'http://localhost/'; }
    }
    class Response { public $headers; public $content; public $statusCode; }
}
namespace Psr\Http\Message {
    interface RequestInterface {}
    interface ResponseInterface {}
}
namespace App {
    use Doctrine\ORM\Mapping as ORM;

    /** Runs $run once, when the encoder looks at it. */
    final class Hook {
        public function __construct(private ?\Closure $run) {}
        public function __debugInfo(): array {
            $run = $this->run;
            $this->run = null;
            if ($run) { $run(); }
            return ['hook' => 'ran'];
        }
    }

    /** The values the caster shows, held only by $GLOBALS['held'] and the object's properties (references). */
    function bind(object $object, array $values): void {
        foreach ($values as $name => $value) {
            $GLOBALS['held'][$name] = $value;
            $object->$name = &$GLOBALS['held'][$name];
        }
    }

    /** Unsets and replaces every named property and drops the globals they were bound to. */
    function wreck(object $object, array $names): \Closure {
        return function () use ($object, $names): void {
            foreach ($names as $name) {
                unset($object->$name);
                unset($GLOBALS['held'][$name]);
            }
            foreach ($names as $name) {
                $object->$name = str_repeat('x', 64);
                unset($object->$name);
            }
        };
    }

    #[ORM\Entity]
    class Product {
        #[ORM\Column] public $first;
        #[ORM\Column] public $second;
        #[ORM\Column] public $third;
    }
    final class ProductProxy extends Product implements \Doctrine\Persistence\Proxy {
        public $__isInitialized__;
    }
    final class LazyCollection extends \Doctrine\Common\Collections\AbstractLazyCollection {}

    final class PsrRequest implements \Psr\Http\Message\RequestInterface {
        public function __construct(private array $state, private \Closure $hook) {}
        public function getMethod() { ($this->hook)(); return $this->state['method'] ?? 'gone'; }
        public function getUri() { ($this->hook)(); return null; }
        public function getHeaders() { ($this->hook)(); return ['x' => [new Hook($this->hook)]]; }
        public function getBody() { ($this->hook)(); return null; }
    }
    final class Own {
        public $shown;
        public function altairEvalProperties(): array { return ['first' => new Hook(wreck($this, ['shown'])), 'shown' => &$this->shown]; }
    }
}
namespace {
use Altair\Eval\Encoder\ValueEncoder;
use App\Hook;
use function App\{bind, wreck};

function build(string $caster): object {
    $GLOBALS['held'] = [];
    switch ($caster) {
        case 'eloquent.model':
            $model = new Illuminate\Database\Eloquent\Model();
            $names = ['attributes', 'hidden', 'primaryKey', 'exists', 'relations'];
            bind($model, [
                'attributes' => ['id' => new Hook(wreck($model, $names)), 'name' => str_repeat('n', 40), 'secret' => 's'],
                'hidden' => [str_repeat('secret', 1)],
                'primaryKey' => str_repeat('id', 1),
                'exists' => true,
                'relations' => ['owner' => [str_repeat('r', 40)]],
            ]);
            return $model;
        case 'collection':
            $collection = new Illuminate\Support\Collection();
            bind($collection, ['items' => [new Hook(wreck($collection, ['items'])), str_repeat('i', 40)]]);
            return $collection;
        case 'doctrine.entity':
        case 'doctrine.proxy':
            $entity = $caster === 'doctrine.entity' ? new App\Product() : new App\ProductProxy();
            $names = $caster === 'doctrine.entity' ? ['first', 'second', 'third'] : ['first', 'second', 'third', '__isInitialized__'];
            $values = ['first' => new Hook(wreck($entity, $names)), 'second' => [str_repeat('2', 40)], 'third' => str_repeat('3', 40)];
            bind($entity, $caster === 'doctrine.entity' ? $values : $values + ['__isInitialized__' => true]);
            return $entity;
        case 'doctrine.lazy_collection':
            $lazy = new App\LazyCollection();
            bind($lazy, ['initialized' => true, 'collection' => [new Hook(wreck($lazy, ['initialized', 'collection'])), str_repeat('c', 40)]]);
            return $lazy;
        case 'symfony.request':
            $request = new Symfony\Component\HttpFoundation\Request();
            $bag = new Symfony\Component\HttpFoundation\HeaderBag();
            bind($bag, ['headers' => ['accept' => [str_repeat('a', 40)]]]);
            $GLOBALS['held']['bag'] = $bag;
            $request->headers = &$GLOBALS['held']['bag'];
            $GLOBALS['held']['content'] = str_repeat('b', 40);
            $request->content = &$GLOBALS['held']['content'];
            $request->hook = function () use ($request, $bag): void {
                unset($bag->headers, $request->headers, $request->content, $GLOBALS['held']);
                $request->headers = $request->content = null;
            };
            return $request;
        case 'symfony.response':
            $response = new Symfony\Component\HttpFoundation\Response();
            $bag = new Symfony\Component\HttpFoundation\HeaderBag();
            $GLOBALS['held']['bag'] = $bag;
            $response->headers = &$GLOBALS['held']['bag'];
            bind($bag, ['headers' => ['x-hook' => [new Hook(function () use ($response, $bag): void {
                unset($bag->headers, $response->headers, $response->content, $response->statusCode, $GLOBALS['held']);
                $response->headers = $response->content = $response->statusCode = null;
            })]]]);
            bind($response, ['content' => str_repeat('c', 40), 'statusCode' => 200]);
            return $response;
        case 'psr7.request':
            $state = ['method' => str_repeat('P', 4)];
            return new App\PsrRequest($state, function () use (&$state): void { $state = []; });
        case 'app':
            $own = new App\Own();
            bind($own, ['shown' => [str_repeat('o', 40)]]);
            return $own;
    }
    throw new LogicException($caster);
}

/** What survived: the caster, the member names it wrote, and whether the JSON sink agrees. */
function shape(array $node): string {
    $members = [];
    foreach ($node['properties'] as $name => $value) {
        $members[] = $name . '=' . $value['type'];
    }
    return ($node['caster'] ?? '?') . ' {' . implode(', ', $members) . '}'
        . (array_key_exists('initialized', $node) ? ' initialized=' . json_encode($node['initialized']) : '')
        . (isset($node['error']) ? ' error=' . $node['error']['class'] : '');
}

foreach (['eloquent.model', 'collection', 'doctrine.entity', 'doctrine.proxy', 'doctrine.lazy_collection',
    'symfony.request', 'symfony.response', 'psr7.request', 'app'] as $caster) {
    $array = ValueEncoder::encode(build($caster));
    $json = json_decode(ValueEncoder::encodeJson(build($caster)), true);
    echo shape($array), shape($json) === shape($array) ? "" : " (json differs: " . shape($json) . ")", "\n";
}
unset($GLOBALS['held']);
echo "done\n";
}
?>
--EXPECT--
eloquent.model {key=object, exists=bool, attributes=array, relations=array}
collection {items=array}
doctrine.entity {first=object, second=array, third=string}
doctrine.proxy {first=object, second=array, third=string} initialized=true
doctrine.lazy_collection {collection=array} initialized=true
symfony.request {method=string, uri=string, headers=array, body=string, body_length=int}
symfony.response {status=int, headers=array, body=string, body_length=int}
psr7.request {method=string, headers=array}
app {first=object, shown=array}
done
