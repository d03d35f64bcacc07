--TEST--
ValueEncoder casters: Doctrine entities show their mapped fields; a proxy and a lazy collection are marked uninitialized and never loaded
--EXTENSIONS--
altair_eval
--INI--
pcre.jit=0
--SKIPIF--
<?php if (!is_file('/usr/share/php/Doctrine/ORM/autoload.php') || !extension_loaded('pdo_sqlite')) die('skip php-doctrine-orm or pdo_sqlite is not installed'); ?>
--FILE--
<?php
require '/usr/share/php/Doctrine/ORM/autoload.php';
use Doctrine\ORM\Mapping as ORM;
use Doctrine\ORM\ORMSetup;
use Doctrine\ORM\EntityManager;
use Doctrine\ORM\PersistentCollection;
use Doctrine\Common\Collections\ArrayCollection;
use Altair\Eval\Encoder\ValueEncoder;

#[ORM\Entity]
class Product {
    #[ORM\Id, ORM\Column(type: 'integer')] private int $id;
    #[ORM\Column(type: 'string')] private string $name = 'unnamed';
    #[ORM\ManyToOne(targetEntity: Product::class)] private ?Product $parent = null;
    /* Not mapped: not shown. */
    private array $cache = ['internal' => true];
    public function __construct(int $id, string $name) { $this->id = $id; $this->name = $name; }
}
$dir = sys_get_temp_dir() . '/altair-eval-test-e041-' . getmypid();
$em = EntityManager::create(['driver' => 'pdo_sqlite', 'memory' => true],
    ORMSetup::createAttributeMetadataConfiguration([__DIR__], true, $dir));
$strip = fn (string $json) => preg_replace('/"id":\d+,/', '', $json);

echo $strip(ValueEncoder::encodeJson(new Product(1, 'lamp'))), "\n";
/* A reference: an uninitialized proxy. Loading it would query a table that does not exist. */
$proxy = $em->getReference(Product::class, 42);
echo $strip(ValueEncoder::encodeJson($proxy)), "\n";
var_dump($proxy->__isInitialized());
/* A lazy collection: counting or iterating it would load it. */
$lazy = new PersistentCollection($em, $em->getClassMetadata(Product::class), new ArrayCollection([new Product(2, 'desk')]));
$lazy->setInitialized(false);
echo $strip(ValueEncoder::encodeJson($lazy)), "\n";
var_dump($lazy->isInitialized());
$lazy->setInitialized(true);
$r = ValueEncoder::encode($lazy);
var_dump($r['initialized'], $r['properties']['collection']['preview'][0]['value']['properties']['name']['value']);
array_map('unlink', glob("$dir/*"));
@rmdir($dir);
?>
--EXPECT--
{"type":"object","class":"Product","caster":"doctrine.entity","properties":{"id":{"type":"int","value":1},"name":{"type":"string","value":"lamp"},"parent":{"type":"null","value":null}}}
{"type":"object","class":"DoctrineProxies\\__CG__\\Product","caster":"doctrine.proxy","properties":{"id":{"type":"int","value":42},"name":{"type":"string","value":"unnamed"},"parent":{"type":"null","value":null}},"initialized":false}
bool(false)
{"type":"object","class":"Doctrine\\ORM\\PersistentCollection","caster":"doctrine.lazy_collection","properties":{},"initialized":false}
bool(false)
bool(true)
string(4) "desk"
