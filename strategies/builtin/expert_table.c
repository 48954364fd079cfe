/* expert_table.c - expert's response table (expert.h), written by
 * experiments/tools/expert_tables.c (seed 20251125, 256 samples a state); do not edit. */
#include "expert.h"

/* clang-format off */
const char cs_expert_response[CS_RANKS][CS_EXPERT_HANDS + 1] = {
    /* lead rank 0 */
    ".aabbaabbacccccaabbabbcccabbcccddcdaabbabbcccabbebceeeeabecbcebceeeeeeaafbafbcfc"
    "abbffcfbcdabfcbcfbceebefeaffcfcffffffffeffffffaaggagbcccagbggcggggabbgbcgggggegg"
    "gabfggggggggfgggggggggagggggggggggggegggggggggggggaabbahbhchahbhbchbhhahhhbhhhch"
    "hhhhhaffcfhhfhhhhhhhhhhfhhahhhhhgghhhhheehfcgegggcdefgahhhhhhhhhhhhhhhhhhhhhhhgh"
    "fhhhhhhfhhaabbaibcccaibiicidiiaibcbeiiiieeeieafbffcfiiiibciefbcdefagbggcggcdggce"
    "efbgggggbgdeggahhhhchhchieheehhchhfhhchegghbhdehhhaibiiciiiiiiiieibciiiibiiiggih"
    "iieiihibciiiiiiaajjabbccjajbcjcdjcdaeeebcejjjeecjeabbffcfjcjebcjefjjjffaggggcggj"
    "jgggjgggggggggjggggahjhhchjjhhehjhhjjjhfhggjjgghhhjhjjhajbjjcijjiejijefbjjjjjgjj"
    "jgghhjihfihjiijiijiiajjjjcjjjjjjjjjjjjjjjjgjjjggjjjjjjjjjjjjjjjjjjjjjjjjjjjaabka"
    "cbcckakkkkckbckaeeebcekckeeckeaffffcfbcfffceefbcdffaggggcggkggggkgggggggggggggga"
    "hkhhchkhhhhhkhhhchhhggkhkgghhhkhhhhakbkkcikkiekiiekbckifkggggkghhhihkghkiiiikiki"
    "akjkjckjkjkjjkkjjjkkfkgjjgggjkkkkkkhjjjjkfgkjjjjjjjjjjjakkkkkkkkkkkkkkkkkkkkkkkk"
    "kggkkkkkkkkkkkkkkkkkkkkjkkkkkkkkkkkkgkkkkaabbacbcclallllcllclaebebcellleecleafbf"
    "fcfbclfbceeflcfffaggggcgglggggllgggggggglggggahlhhchllhhhhlhhhllhhhllllllhhhlhhl"
    "halbllclllllliillbllilllllllglhlihllhlillilgiialjjjcjjjjjjjlljjjjlljggjjggjhjjll"
    "jhljjlllgiijjjjjjjjjjakkkkckklkkkkllkkklkkggggkgghlkkkkghllllllklijjjjjfghljkkkk"
    "kkkkkkkallllcllllllllllllllllglllgglllllllllllllllllljjjjlgjljlllkllglllkllllllg"
    "lljklaabmambccmammmmcmmcmaeeebcemmmeecmeabbcbcfbcmffcmefbcmffaggggcgmmggggmmgggg"
    "ggggmmgggammhmchmmhhbhmhhhmmhhhmmmmmghmhmhmmhambmmcmmmimmmmmmmmmmmmmmmmmgmhmmhmm"
    "hmimmmmmmmajjjjcjjjjjjjjmjjjmjfjgjgjggjmjjmmjhmmjjmmgmijjjjjjgjjjakmkkckmmmkkmmm"
    "kkkmkkggggmgghhkkkkghmkmmmmgkmjjjjjfghmjkkkkkkkkkkkalmlmcmllmllmlmmlllllmglgmggl"
    "mlmmmghlllllmmlljjjjljghljkkkmlfghijklllmllglllllammmmcmmmmmmmmmmmmmmmmgmmmggmmm"
    "mmmmmmmmmmmmmmmjjjmjjjmjkmkkmmghmkkmmmlmmghmmmlmbmmmmgmmjkmm"
    ,
    /* lead rank 1 */
    "aabb.aabbcabcccaabbaabcccddbaddddddaabbaabeecaabaeeadddeabeeeeeeeeeeeeffbbfabffc"
    "ffbfffddfffabaffefffeeeeeffbfffffffffffeffffffggbbgabgggaabgggdggggabggggggggggg"
    "eggbffggfgffgfdefffdffggbgggggggggggegffdffggggefgaabbhabhhhahbhhhhdhhhabhhhhhhh"
    "eehheffbfffffffffhhefffdefggbgghggggghhhgggfgggggggegghhbhhhhhhhhhhhehffhhhhgggh"
    "fghhhhhhhhaibbibbiiiiibiiidiiiabbaeeiiiieeeiefbbffffbidfbeiefbfiffgbbgiiiiidgigg"
    "ggbfggfgbiggggiibiiiiiiiiihhefbiihfgiiigfgabhiifghiibiiiiiiiiiiiifbiiiiiiiiifiii"
    "iihfiiiiiiiiiiijabbjjbcjjaabjjjdjjdeebjejaejdeeeeefabjfjffjdjejeeffjfffggbagjjgg"
    "geejggfgfggfjggggggjhbhjjjhhhhjhhefhjjjfagjhegghhhhhhhjjibjjjjijijijiiaijijfjijj"
    "jjgjjjijijjjijijijiijjbjjjjjjjjjjjejjjjefjjjjgggjjhjhfghjijiiijjjjjjjefghjjaabba"
    "kbckkaabdkkakkdeebkekaekdeeeeefabffkfbkdeeeeeffffffgabagkggggeegggfggggfgggggkgh"
    "hbkhhhhkhhhhhhfhkkhfggkggkghhhhhhhhkibkkkkikikiiiiaikikkkikkkkkkkkhkkkhkikikkkki"
    "jjbjjjjjkkjkjjejjkkffjjjggggkjhhhhghjikjikkkikjkjefghjkkkbkkkkkkkkkkkekkkkefkgkk"
    "gggkhhhhfghkiiiiigkkjjjjkfghkkkkkkkfghijklabbalbllllablllllldeeblelaeldeeeeefabf"
    "flfblfleeeefbfffflgbagllgggaelggfffggfggggglghhbhhlhllhhhhhelhlllfahlhglghhhhhhh"
    "hllbllllilllililablilllillllllllhlhlllililillljjbljjjjlljljjeljjlffjjlggggljlhhf"
    "gljillillllljllefjjlllkbllklkllllllellkleflklgggglklhhhlhlillilllljjjlefghlllkll"
    "kfghijlllblllllllelllellllfflglggggllllhhghlillilllljjjjlfghllkkkklfghlllllllefg"
    "hljklmabbmmbmmmaabmmmmmmmeebmmmaemdeeeeefabffmfbmfmbeeeffffffagbmgmagggaemggfgfg"
    "gfmgmggmgmhbhmmmhmhhmmhemfmmhmhhmhemmhhmhhfgmmmbmmmiimmmimimmimmmmmimmmmmmmmmmmm"
    "mmimimiimmjjbmjjjjmmjmjjemjmmefjgjggggmjmmhfmmmimmimmmmmjmmefjmimkmbmmkmkmmkmmme"
    "mmmmffmgkggggmmmmhmmhmimmimmmmjjjmefghmmmkmmmfghmmmlmbmllmlmmmmmmemmmmefmglmgggm"
    "mmmhflhmimmimmllmjmmefghimmklmmfghmmkmmmmmmlhimmmmmbmmmmmmmmmmmemmmmefmmmmgggmmm"
    "mhhgmmimmimmmmjjjmjfgmmmmkkmmkghmkmlmllmfghlllmmmmmmfghmmklm"
    ,
    /* lead rank 2 */
    "aaabbaaccccccc.aadbacccccaddddcddddaaeeaaecccaaeaecadedaaeeeceeeeeeeeefafffccccc"
    "ffffccdffdfafeccaefdeeeeefffffcffcdfffffffffffaaggaggcccaggcgcggggaggggcggggggeg"
    "gfggggcfggdfgceeffcfefgggggcggcggggggggggefggggggghhhhhhhccchhhhhchhhhhhhahchhhh"
    "hheheffffcchhhhffcheffchffhhhhhchhhhhhchhfhchefhghhghghhhhhchhhhhhhhhhhchhfhhhhh"
    "hghhchhhhhaaiiiiccccaaiiicidiiaeiiicaeiiaeeeeaaffccffcdfecefffcfffaggaicagggaegg"
    "gfgcgefgggggfghhhhhchhchhhhhhhhhhffhhihgfghhihhhhhaiiiiciiiiiiiiiaiiiifiiiiiiiii"
    "ihiiihaiiiiiiiijajjcjjcccajjcjcjjjjjjjcjcajcdjeeeejjjcjcajcdeecdeffcfffgagggcgjg"
    "gggggggggggfgggggggjhhjjchhhhjjhhjhhchjfhjjhgjghjjjhfjjjjiiicjjiiaiieiajcfffjjgg"
    "gjgjjijjjjhiiiiifgiijjjjjcajjjajjejjjcjjfjgggggghjjhhjjhajiiifgjijjcjjjgjjjkakka"
    "kkcccakkckcakkkkakekcakddkeeeeaakcccakcdeecdeffcfffgggggcgkgggggggggcggfgggggggk"
    "hhkkchhhhhkhhkhkckkfhkkkgkghkkkkkkkkkiiicakikaiiekafcfffaggggfgkkihkfkkiiiiifiii"
    "jajkjcajjjajjjjjfcfffgggggfgjhjkkjjjjkiijfjkkjjkkjfgjjkkakkkcakkkakkeekkcfffgggg"
    "ggghkhhhkkkakikifgkkjjjjkfghkkkkckkfgkijklallcllcccallalcdllllllelcallllleeelllc"
    "lcalcdefcdeffcfffgggglcalggggggglgggefggggggglhhhlchhhhllhhllhchhfhllgglghllllll"
    "lllliicalilaiielalcfffaglggggllihlflhiiiiiigillalllcajcjljceljjcfffggggglghjljhj"
    "jlajljifglilllllfgjlllalllcalllkllelllcffflgggggghlkkhkkkaiilifgkljllllfghllllll"
    "kfgkllllllllcallllllelllcffflgggggglhlhhfllililifglijjjljlgjjlllkllflkilllllllfg"
    "hijklmammcmmcccammamcdmmmmmmmmcamcmmmeemaamcmcamcdemceefmcfffggggmcmmggaggggggcg"
    "gfgggggggmhhhmchmhhmmhhmmhmhhfhmmmmmgmmmhmhmmmmmiicmmiiamiieamcfffmmgmgmgmmiihmm"
    "miiiiiiiimmmmjmcamjmammemmjmfffjggggjgmjjjhfjjimmmmfgmmmmmjjfgjmmmammmcammmammem"
    "mmcmmfmggggkghkkkkkkkmmmmmfgkkmmmmmfgkimmmmmmfgkmmmmmmlmcammmammmlmlcfffggmggggl"
    "mlhllmlmllmlmglmmmmmmfghmmlmlmlfghmmmmmmmlfglllkmmmmcmcammmmmmemmmcmffmgggggghmh"
    "hhmmmaiimifmmmmmmmmmmjjjmmmmmfgkkjmmllmmmgmljmmmmmmmmghmjklm"
    ,
    /* lead rank 3 */
    "aaabbacbbccbcccddddddbdddddddddddd.abbbeebcecddddddddddabbeeededdeeeeeabbbffbcff"
    "ddbdddddddafbeffddddebeeeffbffcfbddfbcdefbfdffgbgggcbcggdggdggddddgbgeecgggdeeeg"
    "eggbgcggggdggcgegbggffgggggggggdgggggggggggggggggghhhhhhhhhhhhdhhhddddhhbhhhdhhd"
    "hhhhhhhhhhchhddhhhhehhhdfhhgbhhhgggdghggggggghgggggggghbbhhhdhhdhhhhhhhhhhhhghhh"
    "hghhhhhhhhiiiiiiiiiidiididddddiiiiicdiidiieiiiiiiiciiddibiieiiiifiggbaiiddddgbgg"
    "gigggiigigdgigiiihhhhihdiihiihhhiihiiiiiiihihihhihiiiiiiiiidiiiiiiiiiiiiigiiiiii"
    "iiiiiiiiiiiiiiijjjjjjbjjjdddjdjddddjjbjecddddjbedjjjjjjcddddjbfdeajfdfjjjjjjjjdj"
    "djjggjjbgdjjjjjjjjjhjbhhhddddhhhdjhhhdjjjjjdjjjhhhdhjjjiiijijddddiiiijiijdiijjjd"
    "jjjihhhiiihiiiiiijiijjbjjjddddjjjdjjjjjjjjjjjjjjhhhdjjjjiijdijjiijjjdjjjhijkakkk"
    "kbkkkdddkdkddddabbkecddddkeedkakbkfcddddkbcdeabcdfkkkbkgkkdgdkkggkkkgdkkkkkkkkkh"
    "khhhhddddkhhdkhhhdkkkkkdkkkhhhdkkkkiaikiiddddiikiiikidiikkkdkkkiihiiiihiiiiiikii"
    "kabjjjddddjjjdjjjjdjjjkjkkjjhhhdkjjkjiidijkiijjjdjjkjjkkkkkkkddddkkkdkkkkdkkkkkk"
    "kkkhhhdkkkkkikdikkkijjjjjkkkkjkkkkkkkhkjkllllllbllldddldlddddllllllldddlbedlalll"
    "lcddddlbcdelbcdllllllglldgdlllgllggdlllllllllllhhhhddhdhhhdlhhhdllllldlllhhhdlll"
    "liibliiddddiiiiiiildiilllllllhiiiiiihiiiiiiliilbjjjlddldljjljjjjjjjjjljljlhhhdjj"
    "jllildllliijlldjjljillablllddddllldlllldklkllkklkhhhdllklliidilllijljdljllilklld"
    "lllkiklllblllddddllldlllldlllllllllhhhlllllliililliiljjjjlllilllkdlllhilllllllll"
    "hijklmmmmmmmmmmddmmmmddddmmmmemddddmmedmmmmmmcddddmmcdemmcdfmmmmmgmmmgdmmggmmggg"
    "mmmmmmmmmhmhmhmddhdmmhmmhhhdmmhmmdmmmhhhmmmmmiiiiiiddddmimdmiiiiiimmmmmmmhiiiiii"
    "hiiiiiimiimammmmddmdmjmdmjmmmjjjmmjjjjmmmdmmjmmmmmmmmiimmmmmjjmmmmammmmddmdmmmdm"
    "mmmdmmkmkkmmkhhmdmmmmmiimimmhimmjdmmmmmmmmmdmmmmmmmmmbmlmddmdmlmmmlmldmmmlmllllm"
    "mhdlmlmliidimliimjmjmjjmimmmmdmmmhimmmmllllmmmlmmmmmmmmddddmmmmmmmmmmmgmmmmmmhhh"
    "mmmmmmiimimmiimjmjmmjjimmmmdmmmmimmmlldmmlmljmmmmmdmmmhijklm"
    ,
    /* lead rank 4 */
    "aaabbaabbaababcaabbaadabcaabaddadddaaaeaeeeeeaeeeecaedeeeeeeeeeeeeeee.abababbcff"
    "afbafcabffeeeeeceeffeeeeeabbcccafffaeedeabffffgbabacbgbgaabaggggggeaeeegeeeeeeee"
    "efbfcgffffgeeffeffffefabbabcabggabgeeaffgggabggegghhhhhbbahhaahadhhhhheeheeeeeeh"
    "eeeeehabhfhffhhabhfeabhfhhhahahhahhgehhhefffhffahghefghhhhhhhhhhhhhhehhhhhhhhhhh"
    "hhhhhhhhhhiiaiiiiiiiibiaiiaiiieeiaeeeeeeeeeeeaabaiiafiiaiiieiiiiiiiiiiiiggigiiii"
    "eggciigiiiiiiiiaiaiiaiiheeeeeiiiieiiiiiiiihhhhhihhiabaiiaiiieeeeeiiiiiiiiiiiiiih"
    "iieiihiiiieiiiijjjjjjjjjjjjjjjjjjjjjjjjjjjjjjeeeeejjjjjjjjjjjjjjejjjjjjjjjjjjjjj"
    "jjjjjejjjjjjjjjjjjjjjjjjjjjjjjjjjejjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjejjjjjjjjjj"
    "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjejjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjkkkkk"
    "kkkkkkkkkkkkkkkkkkkkkkkkkeeeeekkkkkkkkkkkkkkekkkkkkkkkkkkkkkkkkkkekkkkkkkkkkkkkk"
    "kkkkkkkkkkkkkekkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkekkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"
    "kjjkkkjjjjkjjjekkjjjjkjjjjjjjjjkjjkkkjjkjkjkkjjjjjjjjjjkkkkkkkkkkkkkkekkkkkkkkkk"
    "kkkkkkkkkkkkkkkkkkkkkkkjkkkjkjkkkkkkkkkjklllllllllllllllllllllllllllllleeeeellll"
    "llllllllllellllllllllllllllllllelllllllllllllllllllllllllllellllllllllllllllllll"
    "lllllllllllllllellllllllllllllllllllllllllllllllljlllljlljllelljjjjjllljllllllll"
    "jlllllljlllljjjjjljllllllllllklllllelllllllllllkllklkklllllllllllllllllljjljkkkl"
    "lkkklkkllllllllllllllellllllllllllllllllllllllllllllllllllljllllllllllllllllllll"
    "lllllmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmeeeeemmmmmmmmmmmmmmemmmmmmmmmmmmmmmmmmmmemmmm"
    "mmmmmmmmmmmmmmmmmmmmmmmemmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmemmmmmmmmmmmmmmmmmmmm"
    "mmmmmmmmmmmmjmjmjmmmjmmmemmmmmmmmmmmmmmmmmmmmmmmmmmmmmmjjmjjjmmmmmmkmmmmmmmmmmme"
    "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmkkmkkkmmmmmmmlmmlmlmmmmmmemmmmlmmmmmlmmm"
    "mmmmmmmmmllmlmmmmmmmmmmmmmmmmmmmmmmmmlllllllmmmlmmmmmmmmmmmmmmmemmmmmmmmmmmmmmmm"
    "mmmmmmmmmmmmmmmmmmmmmjmmmmmmmmmmmjmmmmmmmmmmjmlmmmmmmmmmjmlm"
    ,
    /* lead rank 5 */
    "abaabaaabaababcaaabaddabcaabadcabddaaabaababcaabaddabddaaeaeeabedabeeeababaababc"
    "aababcabddaabcccaeedeeeeeffffffffffffffffffff.aaabaababcabbdggagggaabaggagggeeee"
    "eaabcbcgbggggegeffffffaagabgagggggggggggggfabgggggaaahahhahhaahadhabdhaahahhaehd"
    "eeeehaahchhhhhheeeeeffffffghhhghggggggggehhhghfgggggggaahahhahhhhhhhhhhhhhfhhhgh"
    "hghhhhhhhhiiiiiiiiiiiiiidiiiiiiiiiiiabiiaiiiiiiiiiiiiiiiiiiiffffffiiiiiiiiiiiiii"
    "iiiiiifiiiiiiiiaiihiiihiiiiiiiiiiifiiiiiiihhhiiihiiiiiiiiiiiiiiiiiiiiifiiiiiiihi"
    "iiiiihiiiiiiiiijjjjjjjjjjjjjjdjajjjjjjajjajjdajjjjjjjjjjjjjjjjjjjffffffjajabjajj"
    "jajjjjjjjjjfjjjjjjjjajhhjjjjjjjjjjjjjjjfjjjjjjgjjjjjjhhjjjiiijjjijjjijjiijjfiiii"
    "iiijjjjjiiiiiiiiiiiijjjjjjjjjjjjjjjjjjjjfjjjjjjjjjjjjjhhjjijjjiiijjjjjjjjijkkkkk"
    "kkkkkkakadkakkkkkkkkkakkkakkkkkkkkkkkkkkkkkkkffffffkbkabkabgkabkkkkkkkkfkkkkkkka"
    "akkhkkkkkkkkkkkkkkkfkkkkkkgkkhkkkhhkkkiiikkkikkiikkiiikfiiiiiiikkkkkiihiiiiiiihi"
    "jjjjjjjjjjjjjjjjjjjjfjjjjjjjjjjjkjghiiijjiiiijjjjjjjjijkkkkkkkkkkkkkkkkkkkkfkkkk"
    "kkkkkkkkkhhiiikkiiiijjjjkjjjijkkkkkkkkijklllllllllllllldlalllllllllalldallllllll"
    "lllllllllllfffffflalablalllabllllllllfllllllllalhhlllllllllllllllfllllllgllllllh"
    "hlliiiilllillllllllllfiiiiiiillllllihiiiiiiiiijljjjjjjjjjlljjjljljfjjjjjjlljjjjl"
    "ghllijjliiijjjjjjjjilllllkllllllllllllkllfllllllllllllllhliilliiiiljljljlhijlklk"
    "kklliklllllllllllllllllllllflllllllllllllhhlliilliiillllljljijllllllllilllllllll"
    "lijklmmmmmmmmmmmmmmdmammmmmmmmmammmmmmmmmmmmmmmmmmmmmmmffffffmbmabmammmabmmmmmmm"
    "mfmmmmmmmmamhhmmmmmmmmmmmmmmmfmmmmmmgmmhmmmhmmmiiiimmmimmmimmimmmfiiiiiiimmmmmmi"
    "hmiiiiiiiimjmjjmmjmjmjmjjjmjmjfmmjjmjmmjjjjmhhmiimmmiiijjjjjjmjimmmmmmmmmmmmmmmm"
    "mmmkmfmmmmmmmmmmmmmhhmiiimmiiijmjmmjmhimmmmmkmmmimmmmlmmmmmmmllllmmmlmmfmmlmmmmm"
    "mmmllhhmiimliiiimmjljjjmimmmmmmmmmimmllllllllimlmmmmmmmmmmmmmmmmmmmmmfmmmmmmmmmm"
    "mmmhhmiiimmiiimmmmmjjmimmmmmmmmmijmmmmmmmmmijmmmmmmmmmmijklm"
    ,
    /* lead rank 6 */
    "abaabccccccccccdddddcccccddddddddddebbbccccccdddddcddddebecccdbedeeceeabbbcbcccc"
    "dddddcddddfbbcccddddeeeeefbbcccdbddffffeffffffababccccccddddccddddabecccddddeeed"
    "eabbcbcddddefcdefffdffggggggggggggggggggggggggggg.hbhhchhhhcdddhccdddhhhehhheeee"
    "hehehhhhhhhhhhhhhhhhhhhhhfhhhhhhhhhhhhhhhhhhhhhggggggghhhhhhhhhhhhhhhhhhhhhhhhhh"
    "hghhhhhhhhibiicicaccddddccddddiibcccddcdeicdeiiiiiidiiiiiidiiiiiiiiiiiiidiiiiiii"
    "iiiiiiiggggggghhhhhhhhhhhhhhhihhhhiihhhhhghhhhhhhhaiicicddddiiidiiiiiiiiiiiiighh"
    "hhhiihaiidiiihijjjjjjjjjjjjjjcjjjdjjjjcjjjjjdjjjjjjjjjjjjjjdjjjjjjjjjjjjjjjjjjjj"
    "jjjjjjjjjjjjgggggggjhjjjjdhjhjjjjhjhjjhhjjjjjhghhhhhhhhjjjjjjjjjjjjjjjjjjjiijjjj"
    "iighhhhhhhhjjjjjiihjjjjjjjjjjjjjjjjjjjjjjjjjjjjgjhjjhhhhjjjjjjihjjjjjjjjhjjkkkkk"
    "kkkkkkkkkcckkddkkkcckkkkdkkkkkkkkkkkkkkdkkkkkkkkkkfkkkkkkdkkkkkkkkkkkkkkgggggggh"
    "hkkhhdkhhkkhkhhhkkhhkkkkhhghhhhhhhhkkkkkkkkkkkkkkkkkkkiikkkkiigkhhhhhhhkkkkiiihk"
    "jjjjjjjjjjjjjjjjjjjjjjjjjjjghhhjhhhhjjjjjiihjjjjjjjjhjkkkkkkkkkkkkkkkkkkkkkkkkkk"
    "kkghhhkhhhhkkkkkiihkjjjkjjjhkjkkkkkkkhkjkllllllllllllllccllldlllcllllldlllllllll"
    "llllldllllllllllllllllllllllllllllllllggggggglhllllhdlhllhhhllllhhlllllhghhhhhhh"
    "hllllllllllllllilllliilllliighhhhhhihllllliihljjjjjjjjljlljljjjjjljjjlljlghhljhh"
    "hhjljjjiihlljjjljjllllllllllllllllllllllllllllllghlhlhhhhllllllihllljjjjllljllll"
    "lllhlkllllllllllllllllllllllllllllghhllhhhhllllliihlllljjljhjllllllllhklllllllll"
    "hljklmmmmmmmmmmmmmmmcmmmmmmmmmmmmmdmmmmmmmmmmmmmmdmmmmmmmmmmfmmmmmmmmmmmmmmmmmmm"
    "mmgggggggmhmmmmmmhhmmmmhmmmmhhmmmmmhghhhhhhhhmmmmmmmmmmmmmmmmmmmiimmmmiigmhmhhhh"
    "hmmmmmiihmmmjmmmjmjjmjmmmjjmmmjmjjjmmghhmmhhhhmmmmjiihmmjjjjmmhmmmmmmmmmmmmmmmmm"
    "mmmmmmmmmmmmghhhmhhhhmmmmmiihmmmmmjmmmmmmmmmmmmhmmmmlmlmlmmmlmmlmllmmmllmlmmmmgh"
    "hmmhhhhmlmmliihmjmmmmmjhlmmmmmmlmmmmmllmlmmmmmjlmmmmmmmmmmmmmmmmmmmmmmmmmmmmghhm"
    "mmhhhmmmmmmihmjmmmmmjhjmmmmmmmmhkjmmmmmlmlllllmmmmmmmmhmjklm"
    ,
    /* lead rank 7 */
    "abbbbccccccccccddadddbdcddadddcddcdebbececceedababceeeeeeeceedeeeeeeeeababcacacf"
    "dabcccadddebbcccffffeeefeaabccfadcdffcfeffcdffgbagcgcgbgdddcccddddgegcegeegdegee"
    "gggggggggggggggggggggggggggggggggggggggggggggggggghbahchchccdddcdcddddebbebcebcd"
    "eeeeefahahhddddeecdeffffffhhhchhhhghhhhghggggggggggggghhhhhhhhhhhhhdhhhhhhhhhhhh"
    "gghhhhhhh.ibabccccccdddcdcddddebecccdbcdebceeaaicfcdiidaicieffffffgggcccdggggbgg"
    "ggggggfgggggggabhcccddddeecdeiiiiefggggggghhhhhhhhabbcccddddebcdeiiiiffgggdgggab"
    "cdhfghabcdeighijbjjccjaccdddcccadddjbjcjcjjcdjbceeaabaccajcdajcjeabcdffgajcccabc"
    "djbjjegggggggggggggjajcjcddddjjjdejjjjefhbcdhgghhhhhhhhjajcjcjdddjjjjeifiiifgggg"
    "gggjjcdefghabcdeighjjbjcccjjcdjbcjeabjdefgbcdgggabcdefghabcdefghjabcdjjgjjjkkkkk"
    "kkkkkkkkkkkkkkdkkkkkkkkkekkkeekakkkkkkkdkkkkeakkdffkakkkkkkkdkbkdekkkggggggggggk"
    "kkkkkkkkdkkkdekkkkhfkkkdhggkhkhhhhhkkkkkkkkkdkkkkekkkiffgkkggggkkkdekghkkkdkfgkk"
    "kkkkkkkkkdkkkkekkkdefkkkdgggkkkdhhhhakkdkfghkkkkkkkkkkkkkkkkkkkkdkkkkkkkkkkfkkkd"
    "kggkkkdkfhhkkkdkfgkkkkkdkkkkkkkkkkkkkkkkkllllllllllllllllllldlllllllllellllelall"
    "llllldllllelllfffllllllllldllldelllggggggggggllllllllldlllhellllhfllldhgglllhhhh"
    "hllllllllldllllelflifflllggggllldelghllldlfgllllllllllldllllellldlfllldeggllldef"
    "hhllldlfgllllldllllllllllllllldllldellllefllldlgglkldkfghllklkfghlllllllllllkkll"
    "lllllllllllllllldllldellldefllldlggllldlfhhllldlfghlllllllllllllllllllllllllllll"
    "lllllmmmmmmmmmmmmmmmmmmmdmmmmmmmmmmmmmmemammmmmmmdmmmmemmmdffmmmmmmmmmdmmmdemmmg"
    "gggggggggmmmmmmmmmdmmmdemmmmhfmmmdhgghmmhhhhhmmmmmmmmmdmmmmemmmiffmmmggggmmmdmmg"
    "hmmmdmmgmmmmmmmmmmmdmmmmemmmdefmmmdeggmmmdefhhmmmdmfgmmmmmdmmmmmmmmmmmmmmmdmmmme"
    "mmmmefmmmdgggmmmdmfhhmmmmmfgmmmmmmmmmmmmkkkmmmmmmmmmlmmmmmmmdmmmlelmmmefmmldgggm"
    "lldmfhhlmmmmfghmllmmlmmmlmmmlmmmmmmmmlllmmmmmmmmmmmmmmmmmmdmmmmmmmmdefmmmdmggmmm"
    "dmfhhmmmdmfgmmmmmmmmmmmmmmmdmmmkmmmmmmdlmllllmlmmmmmmmmmmmlm"
    ,
    /* lead rank 8 */
    "abbbbcbbccbbabcdbbbdacacdabdcccddddebaececeeeaaedceabddeeeeeeebedeeeeefbffcfffff"
    "ddfcffffcdfafaffffffffeeffffffffffffffffffffffgbagcgcagggaddcdddddaeeeeeeecdebee"
    "efggggggggdggcgeffffffgagccgdbddabcdegggggfgbgggfghbahaacabcddddcdddddaahcccddcd"
    "abeeefbhcbfdhddhbchfffffffaagaccddddehcdeggcdefggggeggabhcccddddhbcdehhcdffhhcde"
    "fgabcdefghibabcccaccdadccdddddabbcbcabcdabcdeabfcccddddaffdfffffffgggccgddddeecd"
    "egggdgfgggdegghbhcccddddhhcdeabcdffabcdegghbcdefghiaiccciicdiiideiicdffiicdefgii"
    "cdefiiiiiieiii.jbabjjbabcdabjbjabcdaababeajcjabcdefffffffffffffffffffffjjjjjgajc"
    "djjcdeffffffggcggfgjjjjccddddajcdefffdffjjcdefgabcdefghjjjcccddddabcdeffffffabcd"
    "efgabcdefgiabcdefgiijjjjjjjjcdabcdeffffffabcdefgabcdefghabcdefgiijjcdefghjjkkkbk"
    "kkkkcdabkkkabcdaakakekkceabcdefffffffffffffffffffffkkkkkgkkcdkkcdeffffffgkcdgggk"
    "kkkkcddddkkcdeffffffkkcdefgabcdefhhkkkckcdkddakcdefffdffkkgdefgkkcdefghaicdefgii"
    "kkkkkkkkcdakcdeffffffakcdgfgabcdefhhabcdefgjijjcdefghkkkkkkkkkkcdakcdeffffffkkcd"
    "efgakcdefhhabcdefghiabcdefghjkkkcdefkkkkkllllllllllllllllllcdlalllllllllbcdeffll"
    "lfllffflffffffffflllllgllcdllllellffffllcggfgllllllllddllcdellffffllcdefgllcdefl"
    "llllllcllddllcdeflffffllcdefgllcdefghllcdefiiillllllllcdllcdeflffffllcdefgllcdef"
    "llllcdeflllllcdefllllllllllllldllldeflffffllcdefgllldefllllldeflllalcdefllllllcd"
    "eflllllllllllllldllcdeflffffllcdefgllcdefllllcdefllillldefllllllcdeflllllllldlfl"
    "lllllmmmmmmmmmmdmmmmmmmcdmammmmmmmmmmcdeffmmmfmmfffffffffffffmmmmmmmmcdmmmmemmff"
    "ffmmcggfgmmmmmmmmddmmcdemmffffmmcdefgmmcdefmmmmmmmcmmddmmcdefmfdffmmcdefgmmcdefg"
    "mmmcdefiiimmmmmmmmmdmmmdefmffffmmcdefgmmcdefmmmmmdefmmmmmmdefmmmmmmmmmmmmmdmmcde"
    "fmffffmmcdefgmmcdefmmmmcdefmmmamcdefmmmmmmmdefmmmmmllmmmmmlmdlmcdefmffffmmcdefgl"
    "mcdefmmlmmdefmmmmlcdefmmmmlmmdefmmmlmllcdefmlmmmlmmmmmmmmcdmmcdefmffffmmcdefgmmc"
    "defmmmmcdefmmimmmdefmmjmmmmdefmmmmmmmcdeflmlmlmmmmdmfmmmmmlm"
    ,
    /* lead rank 9 */
    "abbabcabccacabcddaddabdddabbcccadcdeeeeeeeeeeeeeeeeaeeeeeeeeeeeeeeeeeefbafcbcaff"
    "abfafcabddefefffeefeeeeeeffffcffbcfffffeffffffgbgggagggggdgdgcdgddebeegggggggggd"
    "egbggcfdgcgggcgeffffffgbgaggggggggggeggggefggggefghbabccccccdbhccchhcdebbcccabce"
    "heceefbfccchhchafceeffcfffgagcccgggdggcgehhcdefggcgegghbhccchhcdabceeffcfffggcde"
    "fghhcdefghababcaiaicdbiiidabcdebbabeabeeieeeeabbabciiddffeeeffffffgbgccggggdgbgg"
    "eiifdefggggeggiihccchhcdabceeficdefhhcdefgaicdefghiiiiicdicdabeeeficdefgiggefgab"
    "cdefghaicdefghijjjbcjcjbcdjbjbdjbcdaaeaeeaeeeeeeeejjfjcfjddjfeeeeffffffgjgjggggg"
    "gggggejgggefggggegghjhccchhcdhhceejfcfffjgcdeggjbcdefghijijicjicdaeeeejicfffggcg"
    "efgjicdefghjicdefghjjjbjjjjjddjeeeejbcfefjggdefgjbcdefgjjicdefgjjjjjjejjjj.akabc"
    "cckbcdkbkkdkbcdaaeaeeaeeekeeeefkfkcfkdddeeeeeffffffgkggggggggggggekgcgefggggeggh"
    "khccchhcdhhceehhcfffggcgegghhcdefghiiikickicdaeeeeiicfffkgggefgahcdefghaicdefghi"
    "jjbjccjbcdjeeeejbcdefjggdefgjbcdefgjjbcdefgjjjbcdefghjjkkbkbckbddkeeeekbcdefgggg"
    "efgkbcdefghabcdefgkkabcdefghjjkbcdefghkkkababccclbcdlblbllbcdaaeaeeaeeeleeeellfl"
    "cfldddeeeeeffffffglglggdgggggggelgggefggcgegghlhccchhcdhhceelhcfefgbcgegglbcdefg"
    "hlliliclicdleeeelicdeflggdefgabcdefghlicdefghijjbjbjlbcdjeeeejbcdefgggdefglbcdef"
    "gjjbcdefgjjjbcdefgjjjllblcclbcdleeeelbcdefggggefglbcdefghlbcdefglljbcdefghjjlbcd"
    "efghljlllblbclbcdleeeelbcdeflgggefglbcdefgllbcdefglljbcdefghjjlbcdefghljklbcdefg"
    "hljllmmmbmmmmmmmmbmmmmbcdmmemeemeeemeeeemmfmcfmddmmeeeemfffffmmgmcgdggdmgggemggg"
    "efmgggeggmmhmccmhcdmhceemhcfefmgcgeggmbcdefghmmimimmicdmeeeemicdefmgcdefgmhcdefg"
    "hmicdefgmmmmbmmmmbcdmeeeembcfefmgcgemmmbcdefgmmicdefgmmmbcdefgmmjmmbmmmmmcdmeeee"
    "mfcdefmgggefgmbcdefmmmbcdefmmmmbcdefgmmmmbcdefgmmmmmmbmmmmmcdmeeeemfcdefmgggefgm"
    "bcdefgmmicdefmmmmbcdefgmmmmbcdefgmmmmmbcdefgmmmmmmmbmmmmbcdmeeeembcdefmgcgemgmbc"
    "defgmmbcdefmmmmbcdefgmmmmbcdefgmmmmmbcdefgmmmmmmbcdefgmmmmmm"
    ,
    /* lead rank 10 */
    "abbabcabccacabcddaddabdddabbcccabcdeeeeeeeeeeeeeeeeaeeeeeeeeeeeeeeeeeefbafcbfaff"
    "abfafcabddeeeeefeefeeeeeefbfffffbcfffffeffffffgbgggagggggggggcddgdebeaggdggggggg"
    "egbggggggcdgfggeffffffgbgaggggggggggeggggefggggefghbabhhhhhhdbhchchhhdebhhhhhhhe"
    "hhheehbhcchhhhhhhheeffhfffhagchhgggdhhhgehhhgefgghgeghhhhhhhhhhdhhheehhhfefhhhge"
    "hghhhdefghiiibcaiaicdiiiidaicdebbabeabeeibeeeiiiaiciicdfbeeeffffffgigaggdggggbgg"
    "eiifgefggggefghihchhhhhdhhheehhhdefhhhdefghihdefghiiiiiciicdabeeeficfefiiggefghh"
    "hdefghaicdefghiababcccabcdjbjbdabcdaaeaeeaeeejeeeefjfjccjdddeeeeeffffffgjggggggg"
    "gggggejgggefggggegghhhhhhhhhdhhheehhhfefhhhdehghhhdefghiiiiiciicdaieeeiicdefgggd"
    "efghhcdefghaicdefghijjbjbcjbcdjeeeejbcdefjgcdefghhhdefghaicdefghjjbcdefghijkkkbc"
    "kckbcdkbkkdkbcdaaeaeeaeeekeeeefkfkcckddkeeeeeffffffgkgkggggggggggekgggefggggeggh"
    "khchchhhdhhheehhhfefkhhdehghhhdehghikikickicdkieeekicdffkgcdefghhcdefghkicdefghk"
    "kkbkcckbcdkeeeekbcdefkggdefkhhhdefghkicdefkhkkbcdefghkkkkkkkkkbcdkeeeekbcdefkggd"
    "ekgkhhdefkkkicdefgkkkbcdefghkkkkkkkkkkkk.ababcccabcdlblbdabcdaaeaeeaeeeleeeeflfa"
    "ccldcdeeeeeffffffglggggdgdgggggelgggefggggegghlhhhhhhhdhhheehhhfefhhhdehghhhdehg"
    "hiiiiiciicdaieeeiicdefgiggefghhhdefghaicdefghiljbjcclbcdjeeeelbcdefggcdefghhhdef"
    "ghlbcdefghijbcdefghijkkbkcckbddkeeeekbcdefkggdefghhcdefgkkicdefkkkkbcdefghkkkbcd"
    "efghkkkllblbclbcdleeeelbcdeflgggefghhhdefghlicdefghllbcdefghljabcdefghikklbcdefg"
    "hilklmmmbcmcmbcdmbmmdmbcdmaeaeeaeeemeeeefmfmcfmdddfeeeeffffffgmgmcggggdggggemggg"
    "efggggegghmhhhhhhhdhhheehhhdefhhhdehghhhdehghiiimicmicdieeeemicdefmiggefghhhdefg"
    "hmicdefghimmbmbcmbcdmeeeembcdefmgcgefghhhdefghaicdefghmmbcdefghijkkbkbckbcdkeeee"
    "kbcdefkgcdefghhhdefkhkbcdefkkkkbcdefghikkbcdefghkkkmmbmccmbcdmeeeembcdefmgcdefgh"
    "hhdefhhmicdefghmmbcdefghmmkbcdefghkkkmbcdefghimkmmmbmbcmbcdmeeeembcdefmgggefgmhh"
    "defghmbcdefghmmbcdefghmmmbcdefghikkmbcdefghimkmmbcdefghmmkmm"
    ,
    /* lead rank 11 */
    "abbabcabcaacabcddaddabdddabbcccabcdeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeefbafcbcafc"
    "abfafcabddefefefeefeeeeeefbfafffbcfffffeffffffgbgggagggggdgddcddddebeegggggdgggg"
    "egbggggggcdfffgeffffffgbgaggggggggggeggggegggggefghhabchhchhdbhchhhhhdebhhhhhbhe"
    "hhheefbhcchhhhhhhheeffhhffgagchhdghdhghdehhhgefgghgeghhhhhhhhhhdhhheehhhfffhhhge"
    "hghhhdefghiiiiiiiiiiiiiiiiiiideiiiieibeeiieeeiiiiifiififieeefififfiiiiiggigdiigg"
    "eiifgefgiggefgiiihhhiihdiiheeiihdefhihdeigiihdefghiiiiiiiiddiieeeiifdefiiggefgii"
    "hdefghiicdefghijjabcccjbcdjbjbdjbcdeaeaeeaeeejbeeefjfjccjdcdfeeeeffffffgjgjggggg"
    "dggggejgcgefggggegghjhhhhhhhdhhheehhhfefhghgehghhhdefghiiiiiiiiddiieeeiifdefiigg"
    "eigiihdefghiicdefghijjbjbcjbcdjeeeejbcdefjggdefgjhhdefghjicdefghijbcdefghijababc"
    "cckbcdkbkbdabcdaaeaeeaeeekeeeefkfkcckdddfeeeeffffffgkgkcggdggggggekgggefggggeggh"
    "khhhhhhhdhhheehhhfffhhcdehghhhdehghiiiiiiiicdiieeeiicfffiiggeighihdefghiicdefghi"
    "jjbjccjbcdjeeeejbcdefjgggefghhhdefghiicdefghijbcdefghijkkbkbckbcdkeeeekbcdefkggg"
    "efghhcdefghaicdefghiabcdefghijkbcdefghijklllbccclbcdablcdlbcdaaeaeeaeeeleeeeflfl"
    "ccldcdeeeeeffffffglglggggggggggelgggefggggegghlhhhhhhhdhhheehhhfffhhhdehghhhdehg"
    "hiiiiiiiicdiieeeiicdffiiggeighihdefghiicdefgiijjblbcjbcdjeeeelbcdefggggefghhhdef"
    "ghiicdefghijbcdefghijllblcclbcdleeeelbcdeflgggefghhhdefghiicdefllllbcdefghilkbcd"
    "efghilkllbllclbcdleeeelbcdeflggdefglhhdefghlicdefglllbcdefghillbcdefghillllllell"
    "llll.mmmbcmcmbcdmbmmdmbcdaaeaeeaeeembeeefmfmccmdcdeeeeeffffffgmgmggggddggggemggg"
    "efggggegghmhhhhhhhdhhheehhhdefhhhdehghhhdehghiiiiiiiicdiieeeiicdefiiggeigiihdefg"
    "hiicdefgiimjbjbcjbddjeeeejbcdefjgcgefgjhhdefghiicdefghijbcdefghijmmbmccmbcdmeeee"
    "mbcdefggggefghhhdefghmicdefghijbcdefghimmbcdefghimmmmbmbclbcdmeeeembcdefmggdeflh"
    "hhdefghiicdeflmljbcdefghilmbcdefghimllbcdefghilllmmbmbcmbcdmeeeembcdefmgggefgmhh"
    "defghiicdefgiimbcdefghimmbcdefghimmmbcdefghijmlmbcdefghimmmm"
    ,
    /* lead rank 12 */
    "abbabcabbcacabcddaddabdddabbcccabcdeeeeeeeeeeeeeeeeaeeeeeeeeeeeeeeeeeefbafcbcaff"
    "abfabcabddefefefeefeeeeeefafacffbcfffffeffffffgbgggagggggdgggcdggdebeagggggdgggg"
    "egbgaggggcggfggeffffffgbgaggggggggggeggggeggggdefghhabhchhhhdbhchhhhhdebhhhhabhe"
    "hhheehbhcchhhhhhfheeffhfffgaghhhdghdhhhgehhhdefgghgeghhhhhhhhhhdhhheehhhfffhhhge"
    "hghhhdefghiiiiiiiiiciiiiiiiiideiiiieibeeiieeeiiiiifiiiifieeefififfiiiiiggiggiigg"
    "eiifgffgiggeiiiiihihiihdiiheeiihfefhihdeigiihdefghiiiiiiiicdiieeeiiffefiiggefgii"
    "hdefghiicdefghijjjbjjjjjcjjbjjjjbcdjjejeejeeejeeeejjfjccjddjfeeeeffffffjjgjggdgg"
    "gjgggejgggefjgggeggjjhhhhjhhdhhheejhhfefjhhdehgjhhdefghiiijiijicdjieeejifdffjigg"
    "eigjihdefghjicdefghijjbjjjjbcdjeeeejbcdefjggdefjjhhdefjjjicdefjjjjbcdefghjjkkkbc"
    "kckbcdkbkkdkbcdkaeaeeaeeekeeeekkfkcckdddeeeeeffffffgkgkgggggdggggekgggefggggeggh"
    "khhhhhhhdhhheehhhfefhhcdehghhhdehghiiiiiiiiddiieeeiiffffkiggeighihdefghiicdefgii"
    "jjbjjcjbcdjeeeejbcdefjgggejjjhhdefjjjicdefjjijbcdefghijkkbkbckbcdkeeeekbcdefkgcg"
    "efgkhcdefghkicdefghijbcdefghijkbcdefghijklllbclclbcdlblldlbcdaaeaeeaeeeleeeeflfl"
    "ccldddfeeeeffffffglglgggggglgggelgggefggggegghlhhhhhhhdhhheehhhfefhhhdehghhhdehg"
    "hiiiiiiiiddiieeeiiffffiiggeigiihdefghiicdefgiijjbjjjjbcdjeeeejbcdefjgggejjjhhdef"
    "gjjicdefjjijbcdefghjjklblcckbcdkeeeelbcdefkggdefgkhhdefghkicdefghijbcdefghijkbcd"
    "efghijkllblbclbcdleeeelbcdeflggdefglhhdefghlicdefgiijbcdefghijlbcdefghijllbcdefg"
    "hijllababcccmbcdabmddmbcdaaeaeeaeeeeeeeefmfmccmdddfeeeeffffffgmgggggggdggggemggg"
    "efggggegghhhhhhhhhdhhheehhhfefhhhdehghhhdehghiiiiiiiiddiieeeiiffffiiggeigiihdefg"
    "hiicdefgiijjbjbjjbcdjeeeejfcdefjggdejjjhhdejghjicdefjjijbcdefghijkkbkcckbcdkeeee"
    "kbcdefkgcgekgkhhdefghiicdefgkkjbcdefghijkbcdefghijkllblbclbcdleeeelbcdfflgcgelgl"
    "hcdeflllicdefllljbcdefghijlbcdefghijllbcdefghijllmmbmbcmbcdmeeeembcdefmgggefgmhh"
    "defghmicdefgiijbcdefghijkbcdefghijkmbcdefghijllmmmmemmmmmmm."
    ,
};

const short cs_expert_peg[2][CS_EXPERT_HANDS] = {
    /* pone */
    {
        -125, -38, 40, -73, -161, -24, -5, 59, 61, 35, 60, 140, -37, 95, -109, -2,
        40, -37, -45, 30, -26, 62, 18, 107, 7, 92, 115, 86, 106, 107, 113, 24,
        -5, 42, -132, -87, -10, -18, -26, -16, -18, 81, 44, 143, 17, 14, -27, -22,
        9, 22, 109, 122, 77, 148, -27, -18, -80, 1, -77, 28, 146, -16, 35, -56,
        34, -28, -200, -203, -255, -378, -46, -20, -12, -87, -3, -38, 95, -2, 131, -63,
        51, 0, -33, 8, -12, 41, 80, 52, 66, -46, -40, -75, -1, -86, 103, 53,
        34, -87, -156, -45, -49, -77, -155, -184, -397, -3, -95, 4, -53, -33, -50, -47,
        -154, -157, -74, -92, -129, -163, -177, -136, -173, -180, -204, -222, -106, -196, -45, -24,
        1, -17, 2, -72, 84, 19, 105, -40, -42, 20, -12, 17, -2, 5, 50, 5,
        50, -79, -59, -81, 64, -38, 17, 27, -1, -39, -73, -54, -143, -75, -149, -118,
        -242, -39, -87, -32, -81, -37, -22, 16, -51, -75, -78, -183, -163, -235, -77, -205,
        -159, -174, -140, -95, -109, -148, -39, -130, -27, -106, -54, -40, -42, -106, -124, -80,
        -218, -169, -201, -114, -154, -158, -144, -141, -117, -125, -119, -247, -213, -195, -192, -118,
        -71, -154, 11, 2, 1, -87, 6, -82, 68, -16, 91, -43, -32, -47, -31, -31,
        -48, -7, 39, 11, 39, -69, -19, -27, -74, -139, -17, 8, -20, -53, -103, -52,
        -85, -133, -166, -95, -234, -13, -90, -65, -153, -6, -41, -53, -136, -162, -73, -212,
        -229, -153, -136, -208, -191, -162, -148, -140, -120, -141, -26, -70, 54, -77, -24, -4,
        -43, -100, -129, -73, -143, -162, -181, -114, -207, -134, -155, -170, -105, -155, -144, -128,
        -133, -124, -137, -102, -94, -65, -23, -96, -91, -139, -74, 4, -73, -126, -177, -74,
        -134, -170, -125, -137, -183, -121, -150, -150, -143, -146, -121, -110, -104, -142, -135, -93,
        -91, -61, -198, -211, -249, -204, -173, -150, -116, -219, -28, 31, -38, -93, 19, -75,
        57, 11, 30, -82, -22, -52, -58, -72, -38, -38, 58, 11, 38, -66, -11, -160,
        -87, -120, -6, -6, -88, -133, -105, -30, -136, -178, -87, -117, -228, -5, -124, -60,
        -110, -33, -45, -50, -159, -114, -29, -193, -145, -107, -165, -181, -93, -78, -82, -100,
        -47, -77, -22, -174, -5, -95, -79, -49, -79, -119, -109, -53, -139, -176, -142, -107,
        -230, -141, -167, -130, -62, -149, -67, -132, -139, -147, -152, -128, -95, -91, -17, -154,
        -105, -140, -80, -13, -86, -142, -131, -6, -159, -197, -92, -177, -187, -191, -183, -124,
        -166, -164, -82, -182, -167, -80, -52, -191, -159, -116, -111, -163, -160, -136, -149, -106,
        -114, -136, -23, -145, -41, -136, -82, -57, -89, -186, -120, -4, -156, -149, -129, -151,
        -85, -94, -119, -133, -86, -34, -72, -184, -146, -124, -118, -206, -94, -131, -185, -209,
        -92, -184, -177, -96, -187, -126, -238, -201, -122, -178, -141, -117, -191, -207, -209, -98,
        -56, -13, -9, -37, -96, 12, 12, 53, -64, 0, -86, -44, -54, -61, -17, 3,
        12, 39, -49, -73, -151, -62, -130, -20, 12, -128, -129, -81, -17, -132, -112, -85,
        -126, -212, -88, -182, -75, -164, -91, -18, -108, -133, -135, -38, -154, -127, -138, -160,
        -196, -137, -133, -150, -140, -135, -164, -88, -155, -54, -151, -119, -21, -94, -98, -121,
        -48, -163, -152, -140, -119, -202, -181, -212, -199, -85, -186, -166, -186, -172, -163, -118,
        -162, -137, -114, -56, -157, -43, -185, -112, -28, -122, -140, -147, -46, -157, -172, -138,
        -126, -198, -186, -212, -196, -147, -168, -164, -157, -135, -150, -97, -168, -164, -97, -161,
        -155, -147, -151, -194, -131, -108, -166, -57, -206, -60, -148, -92, -42, -123, -175, -148,
        -6, -115, -197, -141, -151, -170, -162, -175, -131, -168, -134, -76, -191, -178, -134, -115,
        -206, -175, -123, -181, -143, -112, -170, -199, -179, -205, -145, -188, -133, -109, -166, -187,
        -106, -197, -196, -165, -73, -170, -68, -157, -131, -32, -136, -177, -146, -35, -27, -78,
        -65, -83, -54, -207, -192, -170, -207, -59, -167, -199, -187, -162, -150, -102, -204, -177,
        -199, -149, -177, -175, -115, -175, -187, -156, -212, -150, -117, -170, -88, -182, -203, -208,
        -162, -250, -191, -173, -201, -100, -179, -191, -174, -175, -231, -90, -60, -10, -7, -38,
        -94, 10, -1, 57, -71, 6, -84, -26, -53, -68, -16, 2, 1, 26, -44, -82,
        -154, -47, -121, -19, 13, -130, -137, -80, -16, -139, -105, -86, -123, -214, -81, -190,
        -70, -171, -98, -24, -106, -135, -130, -50, -151, -134, -132, -177, -199, -137, -130, -134,
        -143, -139, -158, -75, -157, -46, -139, -118, -20, -114, -107, -132, -65, -171, -149, -140,
        -125, -199, -173, -217, -202, -87, -190, -156, -163, -171, -170, -105, -160, -136, -112, -62,
        -154, -43, -182, -115, -28, -122, -146, -162, -49, -153, -155, -135, -128, -162, -172, -132,
        -182, -151, -151, -145, -166, -125, -152, -89, -151, -162, -108, -162, -164, -144, -159, -185,
        -110, -92, -152, -54, -174, -58, -150, -101, -56, -129, -183, -151, -26, -125, -205, -149,
        -159, -163, -168, -169, -130, -169, -146, -81, -192, -190, -138, -106, -201, -172, -120, -177,
        -152, -113, -166, -177, -164, -185, -111, -182, -143, -120, -162, -181, -109, -198, -180, -173,
        -101, -200, -75, -197, -150, -39, -162, -189, -147, -26, -140, -155, -154, -177, -135, -239,
        -173, -197, -209, -143, -154, -231, -186, -173, -133, -172, -219, -155, -222, -153, -186, -163,
        -183, -176, -176, -137, -226, -156, -146, -172, -184, -196, -197, -216, -174, -213, -153, -141,
        -164, -79, -148, -159, -155, -151, -198, -69, -150, -75, -152, -131, -45, -155, -188, -145,
        -36, -46, -78, -65, -69, -43, -210, -188, -189, -215, -62, -161, -189, -182, -156, -145,
        -92, -205, -177, -207, -157, -188, -187, -83, -159, -186, -158, -206, -179, -113, -178, -100,
        -180, -204, -187, -171, -208, -150, -144, -166, -76, -159, -169, -150, -162, -139, -241, -203,
        -156, -183, -90, -190, -188, -170, -180, -185, -230, -84, -51, -21, -18, -22, -92, 16,
        1, 58, -69, 6, -82, -57, -47, -67, -9, 4, 1, 32, -43, -74, -151, -69,
        -121, -9, 8, -131, -132, -88, -21, -148, -94, -87, -128, -221, -79, -181, -83, -165,
        -89, -21, -103, -144, -129, -65, -158, -131, -129, -166, -203, -132, -128, -142, -137, -142,
        -156, -65, -159, -42, -144, -122, -16, -125, -105, -136, -61, -163, -153, -151, -122, -203,
        -171, -212, -204, -88, -194, -163, -181, -174, -160, -107, -158, -142, -122, -55, -151, -54,
        -185, -104, -29, -127, -151, -158, -45, -163, -177, -141, -131, -187, -172, -145, -182, -148,
        -151, -150, -156, -132, -144, -92, -150, -159, -101, -170, -158, -149, -157, -184, -113, -92,
        -158, -59, -172, -83, -153, -109, -70, -136, -190, -149, -31, -172, -202, -143, -159, -157,
        -167, -171, -133, -167, -144, -77, -185, -192, -132, -110, -198, -155, -116, -181, -151, -113,
        -170, -175, -158, -191, -117, -211, -141, -129, -160, -169, -79, -202, -182, -149, -105, -208,
        -80, -189, -160, -41, -172, -185, -153, -36, -210, -173, -156, -181, -139, -252, -189, -204,
        -212, -145, -159, -227, -192, -177, -133, -169, -206, -161, -235, -162, -189, -175, -177, -183,
        -184, -153, -236, -161, -143, -172, -174, -173, -206, -222, -141, -232, -163, -147, -163, -86,
        -157, -161, -161, -147, -206, -88, -194, -89, -187, -142, -29, -171, -192, -147, -29, -131,
        -145, -145, -175, -116, -238, -192, -203, -214, -135, -145, -224, -201, -175, -140, -168, -198,
        -159, -238, -169, -183, -183, -155, -149, -168, -122, -233, -169, -135, -183, -169, -163, -203,
        -191, -143, -238, -181, -172, -167, -158, -243, -253, -231, -254, -148, -216, -151, -140, -159,
        -62, -148, -150, -141, -152, -126, -180, -58, -168, -89, -153, -138, -49, -156, -195, -156,
        -32, -52, -80, -68, -85, -50, -220, -197, -196, -218, -75, -160, -196, -193, -173, -142,
        -103, -209, -172, -217, -156, -189, -192, -97, -158, -188, -162, -212, -182, -133, -183, -91,
        -162, -208, -206, -175, -217, -177, -159, -183, -86, -175, -172, -162, -158, -163, -212, -149,
        -124, -160, -58, -160, -169, -136, -151, -131, -122, -236, -180, -163, -181, -100, -197, -190,
        -173, -191, -187, -162, -217, -81, -36, -18, -15, -23, -90, 20, 4, 52, -64, 1,
        -80, -54, -51, -70, -10, 3, 5, 34, -42, -75, -150, -80, -130, -9, 15, -129,
        -133, -75, -20, -126, -104, -84, -127, -211, -80, -180, -93, -167, -89, -18, -104, -145,
        -133, -49, -160, -130, -132, -161, -213, -136, -133, -143, -148, -137, -150, -73, -154, -49,
        -143, -115, -23, -123, -103, -126, -52, -162, -150, -155, -128, -219, -172, -207, -205, -88,
        -176, -162, -172, -171, -165, -106, -161, -136, -108, -45, -149, -51, -194, -100, -33, -133,
        -150, -167, -55, -164, -165, -136, -131, -197, -173, -143, -179, -153, -143, -147, -147, -133,
        -150, -90, -151, -158, -99, -158, -162, -143, -157, -186, -112, -86, -152, -59, -183, -80,
        -158, -103, -69, -137, -200, -148, -29, -177, -197, -150, -153, -189, -158, -185, -142, -176,
        -137, -77, -179, -191, -132, -111, -196, -169, -115, -174, -150, -114, -166, -178, -161, -190,
        -115, -224, -146, -128, -164, -180, -86, -193, -177, -153, -106, -213, -85, -211, -168, -51,
        -184, -187, -154, -41, -212, -158, -151, -175, -128, -254, -202, -210, -208, -130, -151, -230,
        -196, -178, -136, -161, -217, -166, -236, -165, -190, -165, -169, -182, -182, -148, -234, -172,
        -144, -174, -170, -170, -216, -222, -142, -234, -164, -156, -164, -72, -139, -149, -143, -131,
        -181, -99, -208, -96, -199, -152, -47, -183, -193, -155, -39, -210, -166, -148, -189, -122,
        -252, -197, -209, -217, -142, -143, -232, -208, -175, -144, -170, -205, -165, -253, -179, -193,
        -183, -156, -150, -171, -136, -239, -176, -145, -183, -182, -173, -209, -186, -149, -238, -173,
        -163, -159, -155, -233, -234, -231, -239, -119, -222, -162, -144, -162, -73, -159, -159, -142,
        -154, -137, -191, -92, -207, -91, -202, -160, -42, -176, -194, -157, -38, -209, -170, -154,
        -191, -139, -246, -196, -221, -224, -151, -154, -237, -203, -177, -143, -178, -211, -154, -249,
        -181, -195, -186, -183, -153, -170, -126, -250, -183, -146, -191, -177, -148, -211, -195, -109,
        -254, -187, -164, -187, -157, -237, -245, -245, -229, -141, -243, -183, -161, -173, -171, -240,
        -252, -227, -246, -251, -136, -228, -174, -157, -168, -80, -175, -172, -154, -161, -152, -153,
        -185, -64, -162, -92, -157, -132, -41, -153, -189, -154, -37, -38, -93, -74, -72, -61,
        -213, -194, -190, -221, -68, -162, -196, -187, -166, -139, -109, -207, -171, -218, -162, -190,
        -184, -99, -177, -180, -159, -200, -179, -130, -190, -95, -173, -205, -202, -174, -237, -165,
        -161, -176, -68, -160, -164, -140, -155, -166, -208, -169, -160, -176, -81, -181, -186, -155,
        -165, -127, -145, -225, -169, -155, -176, -89, -181, -178, -159, -162, -134, -165, -156, -221,
        -181, -163, -179, -104, -197, -197, -167, -185, -161, -175, -175, -211,
    },
    /* dealer */
    {
        73, 147, 160, 89, 91, 160, 144, 169, 180, 174, 137, 205, 88, 124, 40, 151,
        190, 141, 144, 200, 216, 220, 172, 214, 146, 200, 120, 166, 199, 242, 274, 90,
        91, 161, 2, 107, 171, 155, 229, 191, 174, 222, 182, 187, 167, 207, 143, 184,
        178, 187, 224, 172, 158, 227, 121, 185, 163, 213, 208, 204, 224, 191, 210, 174,
        236, 102, 170, 187, 240, 64, 187, 165, 132, 141, 166, 157, 176, 125, 137, 128,
        195, 139, 145, 156, 177, 226, 134, 160, 219, 110, 161, 110, 184, 133, 162, 140,
        165, 168, 185, 181, 207, 228, 249, 227, 238, 193, 116, 178, 123, 152, 173, 162,
        192, 219, 279, 173, 187, 194, 240, 258, 94, 80, 111, 180, 160, 26, 215, 144,
        100, 192, 144, 133, 158, 119, 131, 148, 181, 105, 137, 190, 194, 218, 153, 151,
        236, 108, 166, 99, 197, 126, 100, 129, 141, 147, 171, 176, 212, 213, 221, 267,
        177, 156, 133, 190, 137, 175, 189, 176, 201, 239, 236, 145, 161, 186, 207, 229,
        205, 216, 245, 267, 185, 118, 195, 122, 222, 142, 190, 196, 161, 191, 231, 189,
        194, 192, 173, 194, 242, 236, 265, 280, 265, 186, 159, 109, 125, 115, 117, 131,
        103, -8, 245, 140, 103, 195, 202, 116, 172, 158, 186, 158, 169, 114, 144, 180,
        189, 229, 105, 123, 203, 72, 169, 114, 136, 126, 122, 157, 147, 119, 187, 193,
        176, 196, 228, 221, 177, 185, 123, 158, 175, 207, 196, 159, 202, 269, 185, 120,
        151, 184, 157, 205, 172, 182, 174, 197, 169, 64, 175, 102, 149, 188, 195, 176,
        179, 212, 216, 191, 175, 136, 153, 169, 200, 154, 155, 209, 183, 129, 145, 185,
        185, 182, 180, 174, 130, 75, 151, 100, 175, 163, 190, 189, 140, 151, 186, 138,
        148, 147, 160, 190, 177, 169, 189, 176, 128, 169, 131, 176, 156, 163, 174, 161,
        79, 89, 89, 100, 116, 57, 100, 44, 66, -45, 194, 153, 89, 172, 183, 106,
        186, 106, 155, 94, 159, 132, 150, 172, 230, 179, 121, 158, 228, 76, 184, 118,
        164, 129, 134, 190, 119, 144, 194, 183, 159, 206, 187, 177, 146, 179, 125, 119,
        118, 180, 148, 122, 159, 214, 168, 119, 172, 189, 183, 216, 173, 166, 164, 184,
        188, 85, 155, 90, 117, 133, 157, 153, 165, 150, 194, 150, 116, 147, 143, 165,
        159, 125, 158, 176, 185, 123, 134, 169, 191, 182, 169, 150, 128, 45, 172, 128,
        163, 177, 186, 178, 131, 153, 212, 157, 121, 144, 172, 149, 199, 126, 142, 180,
        156, 148, 124, 154, 176, 151, 159, 129, 99, 94, 146, 177, 193, 116, 171, 141,
        118, 78, 157, 117, 156, 111, 143, 104, 148, 137, 137, 132, 117, 142, 128, 105,
        156, 138, 147, 123, 152, 144, 113, 136, 158, 112, 159, 136, 100, 97, 144, 165,
        129, 109, 167, 128, 130, 145, 50, 74, 41, 75, 72, 75, 69, 107, -24, 125,
        125, 64, 155, 144, 130, 116, 116, 101, 87, 166, 131, 145, 156, 159, 179, 104,
        124, 189, 75, 115, 127, 171, 125, 148, 174, 152, 159, 183, 169, 138, 142, 185,
        212, 147, 107, 97, 93, 130, 95, 135, 181, 156, 191, 165, 139, 126, 158, 161,
        187, 140, 116, 131, 184, 153, 45, 113, 101, 139, 124, 120, 139, 119, 141, 154,
        130, 109, 120, 138, 157, 194, 165, 149, 181, 199, 141, 99, 137, 155, 138, 154,
        159, 143, 68, 134, 106, 130, 141, 144, 152, 119, 148, 170, 117, 99, 109, 119,
        154, 165, 132, 136, 139, 123, 119, 94, 135, 121, 135, 154, 147, 101, 106, 120,
        131, 148, 101, 142, 85, 96, 44, 119, 78, 113, 120, 124, 115, 134, 141, 161,
        96, 97, 131, 115, 117, 124, 116, 98, 82, 126, 100, 91, 116, 118, 108, 119,
        113, 85, 86, 112, 121, 98, 73, 114, 93, 89, 119, 78, 102, 61, 74, 113,
        104, 94, 126, 62, 106, 70, 98, 100, 77, 94, 104, 111, 109, 83, 71, 99,
        104, 103, 135, 68, 60, 74, 86, 76, 68, 77, 62, 64, 78, 99, 45, 48,
        57, 57, 86, 59, 94, 70, 88, 57, 48, 56, 50, 48, 75, 61, 50, 66,
        58, 10, 14, 26, 15, 37, 10, 7, 25, 35, -36, 164, 129, 61, 176, 141,
        119, 132, 118, 113, 86, 184, 127, 138, 148, 158, 181, 108, 122, 206, 76, 119,
        113, 166, 127, 154, 171, 161, 164, 189, 161, 145, 136, 182, 224, 123, 82, 82,
        112, 122, 117, 150, 165, 158, 198, 171, 137, 125, 172, 166, 178, 139, 118, 149,
        189, 154, 32, 104, 91, 146, 114, 120, 143, 127, 149, 155, 127, 114, 121, 138,
        163, 183, 163, 152, 179, 186, 139, 122, 139, 154, 141, 158, 163, 156, 71, 122,
        97, 122, 127, 139, 150, 108, 144, 170, 123, 93, 118, 116, 145, 163, 114, 145,
        130, 119, 109, 92, 129, 137, 127, 151, 142, 89, 106, 109, 125, 142, 104, 137,
        81, 96, 28, 123, 80, 116, 132, 136, 127, 130, 133, 162, 96, 112, 124, 116,
        112, 114, 108, 98, 91, 131, 74, 74, 116, 111, 106, 122, 101, 83, 85, 92,
        125, 100, 76, 108, 98, 92, 131, 64, 100, 85, 86, 109, 95, 85, 118, 55,
        114, 96, 96, 127, 78, 99, 128, 119, 119, 74, 96, 102, 103, 111, 126, 81,
        57, 73, 86, 51, 50, 71, 54, 62, 81, 92, 38, 54, 68, 47, 71, 66,
        84, 47, 75, 51, 45, 49, 54, 54, 60, 40, 38, 60, 70, 35, -1, 19,
        16, 52, 30, 17, 39, 43, -17, 104, 62, 111, 102, 84, 100, 88, 116, 131,
        91, 73, 102, 108, 103, 118, 69, 75, 101, 101, 72, 55, 55, 62, 73, 88,
        99, 54, 57, 54, 64, 90, 49, 82, 59, 71, 46, 42, 64, 73, 63, 64,
        56, 54, 71, 47, 27, -1, 16, 24, 62, 26, 21, 19, 24, 9, 7, 16,
        43, 24, 41, 29, 5, 14, 20, -12, -30, 170, 129, 66, 190, 151, 126, 126,
        113, 109, 94, 186, 131, 149, 139, 165, 176, 105, 130, 195, 75, 120, 114, 172,
        123, 154, 175, 143, 169, 200, 164, 149, 148, 187, 217, 124, 89, 74, 109, 120,
        113, 151, 182, 155, 197, 167, 137, 129, 159, 163, 174, 138, 119, 151, 189, 155,
        35, 108, 100, 155, 127, 127, 134, 112, 153, 151, 120, 108, 136, 141, 158, 193,
        160, 149, 183, 194, 148, 125, 133, 155, 142, 157, 157, 145, 60, 135, 95, 138,
        137, 149, 151, 106, 148, 173, 124, 105, 119, 116, 135, 164, 119, 134, 135, 116,
        108, 94, 144, 142, 128, 155, 149, 86, 99, 110, 134, 144, 93, 127, 81, 99,
        33, 120, 87, 123, 133, 117, 119, 131, 121, 167, 112, 115, 127, 123, 115, 107,
        109, 101, 104, 126, 75, 65, 108, 96, 107, 114, 96, 69, 83, 94, 113, 113,
        77, 117, 97, 92, 109, 57, 90, 77, 91, 103, 81, 88, 106, 43, 105, 96,
        107, 119, 82, 92, 126, 125, 120, 72, 108, 105, 102, 100, 114, 77, 52, 68,
        82, 58, 50, 56, 58, 53, 80, 82, 25, 55, 54, 54, 69, 55, 75, 42,
        67, 51, 39, 46, 44, 60, 59, 39, 55, 52, 60, 20, 12, 40, 35, 50,
        26, 22, 39, 26, -21, 120, 87, 103, 130, 82, 95, 126, 121, 120, 75, 99,
        113, 105, 107, 105, 82, 61, 76, 86, 55, 55, 58, 58, 65, 72, 88, 42,
        56, 52, 52, 72, 43, 78, 62, 68, 38, 36, 46, 60, 52, 60, 39, 44,
        59, 54, 30, 0, 26, 29, 38, -3, 15, 6, 4, 22, 16, -8, 20, 5,
        51, 28, 24, 13, 16, 20, -16, 120, 56, 119, 121, 83, 99, 113, 123, 135,
        96, 95, 112, 106, 99, 132, 72, 78, 89, 97, 74, 59, 65, 66, 75, 85,
        91, 41, 48, 63, 57, 84, 54, 85, 62, 69, 46, 43, 46, 60, 66, 60,
        51, 46, 45, 40, 23, 15, 44, 33, 57, 21, 22, 13, 7, -6, 28, 5,
        16, 13, 61, 37, 24, 12, 17, 8, 0, 19, 11, 35, 17, 47, 29, 8,
        5, 5, -24, -20, -23, 192, 131, 77, 183, 155, 139, 124, 127, 105, 89, 178,
        146, 152, 161, 161, 175, 118, 128, 193, 71, 134, 130, 175, 130, 162, 177, 140,
        170, 201, 175, 167, 157, 181, 208, 122, 102, 84, 105, 137, 111, 152, 212, 164,
        195, 173, 139, 115, 161, 158, 180, 139, 119, 148, 192, 155, 33, 118, 108, 143,
        136, 126, 140, 110, 156, 149, 127, 108, 133, 141, 163, 193, 183, 150, 174, 188,
        142, 115, 125, 157, 132, 154, 160, 145, 57, 145, 121, 137, 142, 146, 159, 118,
        151, 167, 113, 105, 126, 107, 144, 152, 126, 135, 136, 117, 106, 91, 146, 129,
        132, 155, 142, 76, 109, 116, 129, 124, 82, 122, 72, 93, 37, 132, 77, 125,
        146, 113, 124, 136, 130, 172, 95, 119, 136, 124, 123, 119, 118, 95, 102, 136,
        78, 66, 113, 97, 93, 117, 96, 77, 85, 100, 114, 104, 73, 119, 100, 88,
        109, 70, 78, 69, 76, 104, 83, 80, 109, 43, 104, 76, 103, 130, 69, 87,
        125, 118, 118, 75, 95, 109, 102, 98, 120, 72, 54, 66, 77, 56, 58, 52,
        60, 70, 71, 79, 21, 54, 49, 54, 65, 49, 63, 38, 73, 56, 33, 38,
        40, 52, 58, 25, 48, 45, 57, 14, 14, 40, 27, 50, 15, 15, 26, 24,
        -35, 118, 93, 100, 135, 83, 93, 141, 121, 114, 64, 99, 103, 105, 102, 112,
        83, 54, 61, 78, 57, 42, 64, 52, 52, 74, 91, 32, 55, 59, 52, 59,
        44, 70, 44, 59, 49, 39, 26, 45, 44, 58, 34, 39, 63, 55, 24, 7,
        33, 34, 44, 7, 7, 0, -6, 5, 21, -14, 20, 13, 43, 20, 11, 12,
        20, -12, -25, 121, 97, 106, 134, 79, 97, 131, 122, 120, 72, 106, 111, 103,
        100, 122, 85, 54, 61, 88, 55, 49, 56, 49, 55, 75, 84, 23, 49, 64,
        50, 59, 42, 74, 46, 54, 44, 39, 27, 48, 62, 67, 33, 41, 62, 42,
        11, 17, 27, 30, 38, 6, 12, -3, -13, -15, 21, 5, 21, 16, 40, -9,
        5, 1, -7, -26, 7, 28, 4, 13, 4, 46, 17, 7, 4, 3, -16, -2,
        -27, 142, 81, 116, 136, 97, 112, 131, 122, 127, 76, 107, 126, 105, 102, 134,
        94, 77, 84, 94, 78, 59, 69, 57, 68, 69, 96, 45, 49, 70, 54, 71,
        50, 86, 50, 70, 52, 57, 54, 45, 55, 73, 52, 41, 63, 36, 30, 21,
        35, 28, 54, 18, 8, 10, -7, -30, 39, 12, 28, 28, 56, 16, 3, 7,
        12, -3, -14, 40, 14, 25, 18, 54, 27, 1, 11, 8, -15, -11, -9, 34,
        15, 24, 9, 55, 18, 3, 12, 14, -26, -18, -16, -16,
    },
};

const short cs_expert_crib[2][CS_RANKS][CS_RANKS][2] = {
    /* the pone's gift */
    {
        {{592, 0}, {487, 493}, {495, 497}, {567, 574}, {602, 611}, {488, 487}, {478, 480}, {480, 484}, {458, 462}, {437, 443}, {463, 466}, {427, 434}, {413, 421}},
        {{487, 493}, {630, 0}, {717, 720}, {531, 528}, {617, 622}, {499, 508}, {501, 502}, {489, 495}, {475, 476}, {454, 460}, {484, 483}, {448, 449}, {434, 438}},
        {{495, 497}, {717, 720}, {665, 0}, {585, 591}, {676, 681}, {487, 486}, {499, 501}, {492, 496}, {471, 475}, {460, 466}, {485, 490}, {451, 453}, {438, 444}},
        {{567, 574}, {531, 528}, {585, 591}, {641, 0}, {733, 736}, {539, 540}, {478, 479}, {490, 494}, {474, 473}, {450, 452}, {472, 470}, {436, 437}, {425, 430}},
        {{602, 611}, {617, 622}, {676, 681}, {733, 736}, {939, 0}, {755, 756}, {703, 704}, {636, 636}, {619, 623}, {745, 752}, {768, 774}, {730, 739}, {719, 724}},
        {{488, 487}, {499, 508}, {487, 486}, {539, 540}, {755, 756}, {708, 0}, {643, 651}, {583, 590}, {632, 632}, {441, 443}, {462, 463}, {421, 425}, {410, 415}},
        {{478, 480}, {501, 502}, {499, 501}, {478, 479}, {703, 704}, {643, 651}, {703, 0}, {777, 777}, {532, 538}, {434, 443}, {465, 466}, {429, 433}, {415, 420}},
        {{480, 484}, {489, 495}, {492, 496}, {490, 494}, {636, 636}, {583, 590}, {777, 777}, {661, 0}, {586, 596}, {501, 506}, {463, 459}, {427, 431}, {412, 418}},
        {{458, 462}, {475, 476}, {471, 475}, {474, 473}, {619, 623}, {632, 632}, {532, 538}, {586, 596}, {639, 0}, {551, 554}, {507, 507}, {411, 413}, {403, 410}},
        {{437, 443}, {454, 460}, {460, 466}, {450, 452}, {745, 752}, {441, 443}, {434, 443}, {501, 506}, {551, 554}, {601, 0}, {558, 558}, {464, 467}, {387, 395}},
        {{463, 466}, {484, 483}, {485, 490}, {472, 470}, {768, 774}, {462, 463}, {465, 466}, {463, 459}, {507, 507}, {558, 558}, {652, 0}, {545, 548}, {478, 477}},
        {{427, 434}, {448, 449}, {451, 453}, {436, 437}, {730, 739}, {421, 425}, {429, 433}, {427, 431}, {411, 413}, {464, 467}, {545, 548}, {576, 0}, {435, 441}},
        {{413, 421}, {434, 438}, {438, 444}, {425, 430}, {719, 724}, {410, 415}, {415, 420}, {412, 418}, {403, 410}, {387, 395}, {478, 477}, {435, 441}, {550, 0}},
    },
    /* the dealer's own */
    {
        {{515, 0}, {411, 415}, {435, 437}, {529, 536}, {539, 544}, {377, 383}, {373, 381}, {378, 384}, {333, 336}, {330, 335}, {355, 363}, {328, 329}, {328, 332}},
        {{411, 415}, {557, 0}, {681, 683}, {440, 445}, {541, 546}, {383, 389}, {388, 389}, {366, 370}, {357, 361}, {344, 343}, {370, 373}, {342, 345}, {345, 349}},
        {{435, 437}, {681, 683}, {581, 0}, {473, 477}, {594, 595}, {368, 370}, {369, 377}, {386, 390}, {360, 363}, {353, 358}, {384, 382}, {349, 356}, {353, 358}},
        {{529, 536}, {440, 445}, {473, 477}, {556, 0}, {633, 637}, {372, 378}, {369, 373}, {388, 393}, {363, 371}, {350, 353}, {378, 383}, {347, 353}, {351, 351}},
        {{539, 544}, {541, 546}, {594, 595}, {633, 637}, {871, 0}, {647, 650}, {604, 604}, {548, 555}, {538, 542}, {655, 660}, {690, 690}, {654, 659}, {652, 659}},
        {{377, 383}, {383, 389}, {368, 370}, {372, 378}, {647, 650}, {573, 0}, {493, 498}, {474, 476}, {507, 512}, {309, 309}, {333, 335}, {304, 307}, {308, 311}},
        {{373, 381}, {388, 389}, {369, 377}, {369, 373}, {604, 604}, {493, 498}, {604, 0}, {666, 666}, {416, 413}, {315, 317}, {349, 348}, {318, 322}, {320, 328}},
        {{378, 384}, {366, 370}, {386, 390}, {388, 393}, {548, 555}, {474, 476}, {666, 666}, {554, 0}, {472, 477}, {381, 386}, {344, 345}, {321, 325}, {322, 327}},
        {{333, 336}, {357, 361}, {360, 363}, {363, 371}, {538, 542}, {507, 512}, {416, 413}, {472, 477}, {506, 0}, {417, 417}, {388, 390}, {293, 300}, {300, 301}},
        {{330, 335}, {344, 343}, {353, 358}, {350, 353}, {655, 660}, {309, 309}, {315, 317}, {381, 386}, {417, 417}, {464, 0}, {442, 443}, {323, 331}, {277, 280}},
        {{355, 363}, {370, 373}, {384, 382}, {378, 383}, {690, 690}, {333, 335}, {349, 348}, {344, 345}, {388, 390}, {442, 443}, {529, 0}, {473, 472}, {393, 389}},
        {{328, 329}, {342, 345}, {349, 356}, {347, 353}, {654, 659}, {304, 307}, {318, 322}, {321, 325}, {293, 300}, {323, 331}, {473, 472}, {459, 0}, {333, 340}},
        {{328, 332}, {345, 349}, {353, 358}, {351, 351}, {652, 659}, {308, 311}, {320, 328}, {322, 327}, {300, 301}, {277, 280}, {393, 389}, {333, 340}, {453, 0}},
    },
};
/* clang-format on */
