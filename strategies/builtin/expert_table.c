/* expert_table.c - expert's response table (expert.h), written by
 * experiments/tools/expert_tables.c (seed 20251125, 256 samples a state); do not edit. */
#include "expert.h"

const char cs_expert_response[CS_RANKS][CS_EXPERT_HANDS + 1] = {
    /* lead rank 0 */
    ".aaabaabbaabaccaaabaabaccaababcadddaabbaabaccaababcabcdaaeaeeaeeeaeeeeaabbaabcfc"
    "abbaffabcdaafabfafceaeefeaafaffffffafffeffffffaaabaabaccaababcagggaaeabgagggaegg"
    "eaafafggfggafggeafgfffaggaggggggggggeggfggggggggggaabbahbahhaabacchhhhaaeahhahhh"
    "ehheeahfafhhfhhhhhhhafffffaabaccaghhaeeeeafcfhfagggeggahhahhhhhhaheheafhhhfahche"
    "fgahhhehhhaaabaabaccaabaiiabidaaiaiiaiiieeeeeaibafcaiddibceeafcfffaababcaicdaeee"
    "eabcgefabgdeggaabaiciicdaeeeeafchhfahchefgabhiehhhaabaicaiiiaiiiiiiiiiiaiiiiiiii"
    "iiiiihaiiiiiiiiaaajaabaccabjajcajcdaababcajcjaeejeaababcajcjabceeabjfffaabagcajj"
    "gaggggagggggaggggggaajabcajhhaehhhahhhhfagjggggahhhhhghaababcajciabiiiabjjifajjj"
    "ijgaiiiifihaiiiiiiiiaajajcajjjabjjjajjjjjajjjjggajjjjjjhajjjijjjiajjjjjgjjjaaaka"
    "abaccabkakcabcdaababcakckaeeeeaababcakckabceeafffffaagagcggggabgggabggggagggggga"
    "akahchkhhaehhhahhhhhaghhhhghhhhhhhhaabaicakciabiiiabckifakgiikgahhihhihaiiiiigii"
    "aajaccajjjaejkeakjkkfjggggggakhjhhghaiijjfgkiajjjjjgjjkaakakcakkkabkkkakkkkkakkk"
    "gggkkkkhkkkakkkikgkiakkkkkgkkkakkkkkghkkkaaalaabcccaalallabcdaalabcalclaeeeeaaba"
    "bcalclabcleafffffaababcaglgabgggabggggaggggggaabaccalhhabhhhahhhhhagglhlghhhhhhl"
    "haababcaliieeiiiabiliialgliggahiiehihaiiliiiiiaajajcajjjaljljajjllfajgggggaljjhh"
    "jhaiililgliajjjjjgjjjaakabcaklkablleakklklaggggggahkkhhhhaiiiiiihiakjjjlghijkkkk"
    "kkkkkkkaalabcalllaelllalllllalllgggalhlhhlhalililllllljjljghijallkllghilkalclllg"
    "hijklaaamaabamcammammamcmaababcammmaeemeaababcabcmabcmeabcfffaamagcammgabcggabgg"
    "ggaggggggaamabcammhaehhhahhhhhaggmggghhhhhhmhaababcammiaiiiiabmmimammmimgaihihhg"
    "haiiiiiiiiaajabcajjjabjmmajjmjfajgjgggjhmjhhmhaiiiiiimiajjjjjgjjjaakabcammmamkme"
    "amkmmfaggggggahhkhhhhaiiiimghijjjjkmghijkkkkkkkhkkkaabaccammmablmmalmllmamggggga"
    "lmlhhmhaiimiilliajjjjlghijammmlfghimkallmllghilklaababcammmammmmammmmmamgggggahh"
    "mhhmhaiimiigmiajjjjjgmmjamkkmmghijkammmmmghimmmabmmmmghijkmm"
    ,
    /* lead rank 1 */
    "abbb.aabbabbcbcabbbabbabcabbabddbddebbbebbebeabbabedbedebbebeeeeeeeeeefbbbfbbfbc"
    "fbbfbfdffffbbfbefbffebeeefbbffffffffbffefbffffgbbbgbbggggbbggggggggbbgggggggebge"
    "efbbffggbfgfbfdefbfdffgbbggggggggbggegbfdffgbggggghbbbhbbhbhabbahhahhhhhbhbhdhhh"
    "ebeeefbbfbhfbfhhbhheffffffgbbgbhgbgggbghegbfghfgbggegghhbhbhhbhhhbhhehbhhhfgbhhh"
    "fghbhhefhhibbbibbibiibbiiiibiiebbabeibiiebeeefbbfbiibiifbedefbfiffibbibiibigibgg"
    "efbfigfgbiigggibbibhibiiabhhefbhihfabhiefgibhiihhiibbibiibiiibiiiibiiiiibiiiigib"
    "iihfihibiiiiiiijbbbjbbjbjabbjbjabjjebbjbeabjdebeeefbbjbjabjfebjeefbffffgbbabjabg"
    "gebgggfbgggfgbggggghbbhbhhbhhhbhhefbjhhfhbjgggghbhhhhghjbbjbjibiijbjiiabjijfjbjg"
    "jggjbjhhhghibjiiigiijbbabjjbjjebjjejbjjefjbjggggjbhhhfghjbjiifgjijbjjefghjjkbbbk"
    "bbkbkkbbakkabkkebbabeabkdebeeefbbfbkabkdebeeefbffefgbbabggbggebgggfbgggfgbgggggh"
    "bbhbhhbhhhbhhhhbhhhfgbgghgghbhhhhghkbbkbkibkiabkieabkikfibkikggkbkhhhkhkbkieigki"
    "jbbkbkabkjebejejbjkefjbjgggghbhhhfghjbkjifgkijbkjefghjkkbbabkabkkebkkekbkkkfgbkg"
    "gggkhkhhhghkbkikkgkijbjjefghkkkbkkefghijklbbblbblblabblblabllebbablableebeeefbbl"
    "blabldebldefbffefgbbabgabggebgggfbgggfgbggggghbbhbhhbhhhbhhehbhhhfhbggegghbhhhhh"
    "hlbblbliblllbiieablllflblillglblhhllhlbliiigiijbbjbljbllebljelbjlefjbggjgglblhhf"
    "ghlbjlilllilblljfghjllbblbkabllebklelbllefkblgggghbhhhhghlbllikglijbjjefghljlbll"
    "efghijllbblbllbllebllelblleflblgggghbhhhhghibliilllljbjjlfghillblkefghilllbllefg"
    "hljklmbbbmbbmbmmbbmmmabmmebbmbmabmdebeeembbmbmabmdebmeefbmdffgbbabmabggebgggfbgg"
    "gfgbggggghbbhbhhbhhhbhhhmbmmhfhbmhhgghbhhhhhhmbbmbmibmmebmieabmimfmbmgmgmmbmhhhm"
    "hibmiiimmmjbbjbmabmmjbjjejbmmefjbjggggmbmhhfmhjbmijmgmijbmmmfghmmmbbmbmmbmmebmke"
    "mbmmefgbggggghbmhhhkhibmmimmkmjbmmefghmmmbmmkfghmmmmbbmbmmbmmebmmembmmefmbgggggh"
    "bmhhhlhlbmlifmmijbjmmfghimmbmmefghimkmbmmefghlmmmmbbmbmmbmmebmmembmmmfmbmggggmhm"
    "hhhghmbmiiimmmjbjjjmghimkbkkmmghikmlblllfghillmmbmmmfghmjklm"
    ,
    /* lead rank 2 */
    "aaabbcaccccccc.aadbccccccaddcccadcdaaeecaccccaaececadcdaaeeecaeeeeeeeefaffcccccc"
    "affcccafcdfaecccafcdeeceeffffccffcfffcffffcfffgaggcggcccaggcccggcggggggcgggggeeg"
    "gfggcccgfgdfeceeffcdffgggcccggcgggcggggcgefggcgggghahhcccccchhhchchhchhhhccchhhh"
    "eechhfffccchhchffcfeffcfffhhhccchhchhhchgffchgfggcgghghhhchchhchhhchhhhchhfhhchh"
    "fghhchhfhhaaiiciccccaaiciciiciaaicicaeiiaeceiaafcccffcdiecifffcfffaagcccagcgaecg"
    "gagcfefggcggfgahhcichhchaiihhahchifhhchifiahchhfiiiiiiiciiiiaiiiiiiiiifiiiiiiiii"
    "iiiiiiiiciiiiiijajjccjcccaajcccajcjjajcccajcjjeeejjajcccajcjaecdffjcfffgajcccgjc"
    "gggcggfjcgffggcggggjjhccchjchjjchjhhchffjjcgjjghjcjjhjjiaicccajciaiciiajcfffajgg"
    "gfjijcjjfjjiiciiiiiijajcjcajcjajcjjjfcfffggjggjghjjhjjjjijciifgjiajcjjfjjijkakkc"
    "ckcccaakcccakckaakcccakckeeeeefakcccakcdeecdfffcfffgagcccagcggggggfgcggfggcggfgk"
    "kkccckkchkkchkkkchkfhkcggkghkkkkfkkiaicccaiciaiciiafcfffggcggfgikiikikkiiiiiiiii"
    "kajcccajcjjjcjjffcjffggkggkgjhjjkfkkajckjfgkijjcjjfgjjkkakcccakckakckkfkcfkfggcg"
    "gkgkkchkkkkiiciikkkijjcjkfgkikakckkkkkijklallccccccaalcccalcllalcccalcleleeelalc"
    "ccalcfaecdeflcfffgagcccalcgggcggggcggfggcgglglhlclchhhhllchlllclffllclglgllchhfl"
    "llaicccaliiaicilaicfffagcglflllchlflhiiiiiiiiilajcccajclalcllllclffggjlglgljljll"
    "jlllcjifglijlcjlfgjillakcccalclalclllfcfffggcgglghkckhklkilclifgkijlcjkfgkijllcl"
    "kfghijllalcccalclalcelllcflfglggglglllhhfllilciiflliljclllgjjllkcllfllillllcllfl"
    "lijklmmmmcmmcccaamcccamcmmmmcccamcmmmeemmamcmcamcmaecfefmcfffggmcccgmcgagcggggcg"
    "efggcggmgmhhccchhhhmmchmhmchffmmmmgmghmchmmmmimicccimcmaiiimamcmifmgcgmmgimciifm"
    "iiiiiiiiiimajcccamcmamcjmmfcfmfjgjjgjgjjcjjjjjamcmmmmmimmcmmfgjmmmamcccamcmmmcmm"
    "mmcmffmgmggmgkkckkkkkimciifkkimmcjmfgkmjmmcmmmgkimmmlmcccamcmlmcmlmmcmlfmggggmgm"
    "mcmllmlmmcmilmlimmcmmfllmjmmcmmfgmimklmcmlfglijmmmamcccammmamcmmmmcmmfggcmgmghmc"
    "hmmmmamiiimmmimjcmmmjmjmmkcmmmmkijmllcmmmghijlmmmcmmmgmijklm"
    ,
    /* lead rank 3 */
    "aaabbacbbacbcccddddddddddddddddddd.ababeebaecddddddddddabbeeeddddeeedeaabbfffaff"
    "ddddddddddebbeffddddeeedeffbffcddddffcdefbfdffggggacggggddgdddddddgbgcggddddgeed"
    "ggggggggggdggcdegbgdffggggggggddggggggggdgggggdggghahhhhhhhhdddhddddddhhhhhhdddd"
    "hhhdhhhhhhhddddhhhdehhcdfhhgghhgddddgbgdghggggggggdggghahhhhddddhhhhhhhhdhhgghdg"
    "gghhhdhhhhiiiiiiiaiiddddidddddiiiiicddddibediiiiiiiddddibideiicdfigggaggddddgigg"
    "ggggdgggggdgggihhhhhdiddiihiihihihihihdiiihihdiiiiiiiiiidiidiiiiiiiidiiiigdiiiii"
    "idiiiiiiidiiiiijjjjjjjjjjdddddjddddjjjjjjddddjjedjajjjjcddddjjcdejjfdfjjjjjgjjdd"
    "djjggjgjgdjjjgjdjjjjjhhhhddddhhhdjhhhdjjgjjdjjjhhhdjjjjiiijijddddiiidjjjjdijjjjd"
    "jjjhiidiiiiiiidiijiijjjjjjddddjjjdjjjjdjjjjjdjjjjjjdjjjjjijdijjiijjjdjjjjjjkkkkk"
    "kkkkkddddddddddakkkekddddaeedkaakkkcddddabcdeakcdfkkkkkgkddgdkkggkkggdgkkkkdkkkh"
    "akkhhddddhhhdkhhhdkkkkkdkkkhhhdkkkkkiiiiiddddiiidiikkdkikkkdkkkiihdikiiiiidiikii"
    "jjjkjjddddjjjdjjjkdjjjkjdjjjhhkdkkkkjjjdjjkkijjkdjjjkjkkakkkkddddkkkdkkkkdkkkkkd"
    "kkkkhhdkkkkkikdikkkijjjdjkkjkkkkkdkkkkkjkllllllllllddldddddddllllllddddlbedlalll"
    "lcddddlbfdellcdllllllglddddllgdlgggdllggldlllllllhhddddllhdlhhldllllldlllllhdlll"
    "liiiliiddddiiidlllldlillldllliihdlilliiidiililljjlllddddljjdljjjdjjjljdjlljlldjl"
    "jllijdilllijjldjjjlljllllkkddddllldlllldlllkldkllhhldlllliiidlilliljjdklllljklld"
    "klkllklllllllddddllldlllldllllldlllllhdlllllildllllijjjdjlllllllkdllklillllldlll"
    "lijklmmmmmmmmmmddmddmddddmmmmemddddmbedmammmmmddddmmfdemmfdfmmmmmgmmmddmmggmmmgd"
    "mmmgmmmmmmmmmhhddddhhhdmhhhdmmmmmdmmmhmhdmmmmmiimiiddddmiidmmmmdmimmmmmmmhihdimm"
    "hmiidimmimmjjmmmddmdmjmdmjmmdjjjmmdjjjmmmdmmjmmmmdmmmmimmmdjjjmmmmmkmkmddddmmmdm"
    "mmmdmmmkmdkkmmmmdmmmmmiidmmkmimjmdjmmmmmmmmdmkkmmmmlmmmlmddddmmmdmmlldmmmmllllmm"
    "mldmmlmmiidmmliimjmdjjmlimmmldmmmmimmmmmdmllmmjlmmmmmmmddddmmmdmmmmdmmmmmmmmmmhh"
    "dmmmmmimdimmiimjjdjmjmjmmmmdmmkmmmmmlldmmmmmjmmmmmdmmmhijklm"
    ,
    /* lead rank 4 */
    "ababbaabbaababcaabbaadabcaabaddabddeaaeaeeeeeaeeeeeaeddeeeeeeeeeeeeee.abbbabbccf"
    "afbaffafdfeaeeeceefeeeeeeabbcccafffabcdeabcfffgbabacbabgabbaggggggeeeeeeeeeeeeee"
    "efaffccffffefeeeffffffaababgabggabgeegfggffabggggghhhhahhhhhaahhdhhhhheaheeeeeeh"
    "eeeeehbbafhffhhebhfeahhfhhhahahhahhgeehheffffffhhggegghhhhhhhhhhhhhhehhhhhhhhhhh"
    "hhhhhhhhhhiiiiiiiiiiibiiiiaiiieeieeeeeeeeeeeeaaiaiiafiiaiiieiiiiiiaiiiiiigggiiii"
    "eiiggiiiiigiiiiaiaiiiiiheeeieiiiiiiiiiiiiihhhhhhhhaibaiiaiiieeeieiiiiiiiiiiiiiih"
    "iieiihiiiiiiiiijjjjjjjjjjjjjjjjjjjjjjjjjjjjjjeeeeejjjjjjjjjjjjjjejjjjjjjjjjjjjjj"
    "jjjjjejjjjjjjjjjjjjjjjjjjjjjjjjjjejjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjejjjjjjjjjj"
    "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjejjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjkkkkk"
    "kkkkkkkkkkkkkkkkkkkkkkkkkeeeeekkkkkkkkkkkkkkekkkkkkkkkkkkkkkkkkkkekkkkkkkkkkkkkk"
    "kkkkkkkkkkkkkekkkkkkkkkkkkkhkkkkkkkkkkkkkkkkkkkkkekkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"
    "kjkjjkjkjjjjkkekjjjkjjjjjkkjjjjjkkjjkjkkjkkkjjjjjjjjkjjkkkkkkkkkkkkkkekkkkkkkkkk"
    "kkkkkkkkkkkkkkkkkkkkkkkkkkjkkkkkkkkkkkkjklllllllllllllllllllllllllllllleeeeellll"
    "llllllllllellllllllllllllllllllelllllllllllllllllllllllllllellllllllllllllllllll"
    "lllllllllllllllellllllllllllllllllllllllllllllljlllljljlljjjelljlljljllljllllljj"
    "jlllllllllljjjjjjljllklllkkllllllkkelllllllllllkllllkkllllllllllllkllllljlljkkll"
    "kkkllkkllllllllllllllelllllllllllllllllllllllllllllllllllllljjllllllllllllllllll"
    "lljklmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmeeeeemmmmmmmmmmmmmmemmmmmmmmmmmmmmmmmmmmemmmm"
    "mmmmmmmmmmmmmmmmmmmmmmmemmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmemmmmmmmmmmmmmmmmmmmm"
    "mmmmmmmmmmmmmmjmmmmmjmmmemmjmjmmmmmmmmmmmmmmmmmmmmmmmmmjjjmjjmmjmmmmmmmmmmmmmmme"
    "mmmmmmmmmmmmmmmmmmmmmmmmmmmmkmmmmmmmmmmmkkkkkkmmkmmmlmlllmmmmmmmmemmmmlmmmmmmmlm"
    "mllmmmmlmmlllmmmmlmmmmmmmmmlmllmmmmmmlllllllmmmlmmmmmmmmmmmmmmmemmmmmmmmmmmmmmmm"
    "mmmmmmmmmmmmmmmmmmmmmjmmmmmmmmmmmjmmmmmmmmmmjmmmmmmmmmmmjmlm"
    ,
    /* lead rank 5 */
    "aaaabaabbacccccaabbadbaccaabadcabddaaabaaccccaabadcabddabbabcabedabceeffffffffff"
    "fffffffffffffffffffffffffffffffffffffffffffff.aaababbaccabbdgcabggabbabgabgggegg"
    "efffffffffffffffffffffabbabcaggggggggffffffabgggfgaaabaacaccaabadcadddaahcehhehe"
    "eheehfffffffffffffffffffffhhbhhhhghhhheghfffhffhgggghgaahahcahhhhhhhhffffhfhhhhh"
    "hgahhhhfhhiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiffffffiiiiiiiiiiiiii"
    "iiiiiifiiiiiiiiiiiiiiiiiiiiiiiiiiifiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiifiiiiiiiii"
    "iiiiiiiiiiiiiiijjjjjjjjjjjjjjjjjjjjjjjjjjjjjjajjjjfffffcfjjjjjjjjffffffjbjjbjjjj"
    "jjjjjjjjjjjfjjjjjjjjajjjjjjjjjjjjjfjjjjfjjjjjjjhjjjjjhjiiiiiiiiiiiiiiiiiiiifiiii"
    "iiiiiiiiiiiiiiiiiiiijjjjjjjjjjjjjjjjjjjjfjjjjjjjjjjjjjjhiiiiiiiiijjjjjjjjijkkkkc"
    "kkkkckkkkkckkkkkkkkkkkkkkkkkkkfffffkfkfkffkkkffffffkbkcbkkkkkkkkkkkkkkkfkkkkkkkk"
    "akkkkkkkkkkkkkfkkkkfkkkkkkkahkhkkhkiiiiiiiiiiiiiiiiiiiifiiiiiiiiiiiiiiiiiiiiiiii"
    "jjjjjjjkjjjjjjjfjjkjfjjjjjjjjjjjkjjhiiiiiiiiijjjjjjjkikkkkkkkkkkkkkkkkkkkkkfkkkk"
    "kkkkkkkkkkhiiiiiiiiijjjkjkkkijkkkkkkkkijklllllllllllllllclllllllllllllllllllffff"
    "lcflllfllllfffffflbllllllllllllllllllfllllllllllllllllllllllfllllflllllllhlllllh"
    "liiiiiiiiiiiiiiiiiiiifiiiiiiiiiiiiiiiiiiiiiiiijjlllljjlllljjjlllljflllljllllllll"
    "lliiiiiiiiiljjjjjljilllllllklllllkllfllllfllllllllllllllliiiiiiiiillljllllilllll"
    "klkliklllllllllllllllllllllfllllllllllllllliiiiiiiiiljjlllllilllllllllijllllllll"
    "lijklmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmffmffcmmmmmmmmmffffffmbmmmmmmmmmmmmmmmmm"
    "mfmmmmmmmmmmmmmmmmmmmmmmfmmmmfmmmmmmmmmmmmmhmiiiiiiiiiiiiiiiiiiiifiiiiiiiiiiiiii"
    "iiiiiiiiiimmjmjmmjjmjmmmjjmjmjfmmmmmmmmjmmmmmhiiiiiiiiimmmmjmmmimmmmmmmmmmmkmmmm"
    "mmmmmfmmmmmmmmmmmmmmmiiiiiiiiimmmmmmmmimmmmmkmmmimmlmmmlmllmlllmmlmmmmmflmmmmmmm"
    "llmlmmmiiiiiiiiimmmmmmmmimmlmmmmmmimmmmmlmlllimlmmmmmmmmmmmmmmmmmmmmmfmmmmmmmmmm"
    "mmmmmiiiiiiiiijmmmmmjmimmmmmmmmmijmlmmmlmmlijmmmmmmmmmmijklm"
    ,
    /* lead rank 6 */
    "aaabbcacbacbcccdaabdcccccddddddddddaaabccccccddbdccadddabbcccddedeeceeabbbabbacc"
    "ddbcccddddabbccceecfeeeeeabbcbcdbcdffcfeffffffggagggggggggggcgdddggggggggdggeggg"
    "gggggbggggdgggggfffgffggggggggggggggggggggggggggg.hhhhhhhhhhhhhhcchhdhhhhhhheeeh"
    "hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhggggggghhhhhhhhhhhhhhhhhhhhhhhhhh"
    "hghhhhhhhhibbicacaccdbdcccddddabbcccdecdeecieiiiiiiiiidiiiiiiiiiiiiiiiiidiigiiig"
    "iiiiiiiggggggghhhhhhhhhhhhhhhhhhhhhhhhhhhghhhhhhhhabbcccddddibidiiiiiiiiiiiiighh"
    "hhhhhhabiiiiihijjjjjjjjjjjjjjjcjjjjjjjjjjjjjdjjjjjjjjjjjjjjdjjjjjjjjjjjjgjggjjjj"
    "jjjjjgjjjjjjggggggghhjhjjjjjhjjhjhhhhhhhhhjjhhghhhhhhhhjjjjjjjjjjjjjjjjjjjiigjjj"
    "ijghhhhhhhhjjjjjiihjjjjjjjjjjjjjjjjjjjjjjgjjjjjghhjjhhhhjjjjjjghjjjjjjjjhjjkkkkk"
    "kkkkkkkkkckkkkdkkkkckkkkdkkkkkkkkkkkkkkdkkkkkkkkkkkggkgkgkkkggkkkgkkkkgggggggggh"
    "hkhhhhkkhhkkkhhhhhhhhhhkhhghhhhhhhhkkkkkkkkkkkkkkkkkkkiigkkkikghhhhhhhhkkkkkiihk"
    "jjjjjjjjjjjjjjjjjjjjjgjgjgjghhhjhhhhkjjjkighkjjjjjjjjjkkkkkkkkkkkkkkkkkkkkkkgkgk"
    "gkghhhkhhhhkkkkkikhkjjjjjjjhkjkkkkkkkhkjkllllllllllllllllllllllllllllldlllllllll"
    "llllldllllllllllllglgggllllllllglllllgggggggghhlhllhllhllhlhhhhhhhhhhlhhghhhhhhh"
    "hllllllllllllllllllliilllliiglhhlhhhhllllliihljjjjjlljjjjjjjjjjjjjjgljlglghhhjhh"
    "hhjlljlighljjjjjljlllllllllllllkllllllllllglllggghhhlhhhhlllllighllllljllhljllkk"
    "lllhlkllllllllllllllllllllllglgllgghhhlhhhhlllllighljllljjljljllllllghllllllllll"
    "hljklmmmmmmmmmmmmmmmmmmmmmmmmmmmmmdmmmmmmmmmmmmmmdmmmmmmmmmmmggmgmmmmmgmmmmmmmmm"
    "mgggggggghhhhmhmmmhmmmmhhhhmhhhmmmhhghhhhhhhhmmmmmmmmmmmmmmmmmmmiigmmmimghhhmhhh"
    "hmmmmmiihmjjjjjmjjjjmmjjjjjmjmmgmmjmjghhhmjhhhmmmmmmghmjmjjjmmmmmmmmmmmmmmmmmmmm"
    "mmmmmmgmmmgmghhhmhhhhmmmmmighmjmmmmmmmmmmmmmmmmhmmmmmmmmlmmmmlmmmmllmmmmglgmgggh"
    "hmlhhhhlmlmmiihmmmmmmmjhmmmmlmlmmmlmmmmmlmmmmmjlmmmmmmmmmmmmmmmmmmmmmmgmmmmmghhh"
    "mhhhhmmmmmiihmmmmmmjjjmmmmmmmmkhkmmllmmmmmmmlmlmmmmmmmhmjklm"
    ,
    /* lead rank 7 */
    "aaabbcccbccccccdadbcdbcccdadddcddddebbbcecabcdabdbceeddeeeeeedeeeeeeeeaaabccbacf"
    "aadcdcadddebbcccfefeeeeeeaabccfadcdffffeffcfffgggggggggggdgcdcddggggggcgdgggggeg"
    "eggggggggggggggggggggggggggggggggggggggggggggggggghhhhhhhhhhhhhhhhhhhhhhhhhhhhhh"
    "ehhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhgggghgggggggghhhhhhhhhhhhhhhhhhhhhhhhhh"
    "gghhhhhhh.ibabccccccdddcdcddddebecbcdbcdeeceeffiaiiiiiiaicieffffffgggggggggggggg"
    "gggggggggggggghhhhchhhhhhhhhhhhhihfggggggghhhhhhhhabbcccddcdeecdeiiiiifggggggghh"
    "hhhhghabcdeighijjjjcjjcccjdjjjcddjdjbjcccjjjjebcjejajajjjjjjjjjjefbjjffgggccgddj"
    "gjjjggggggggggggggghhhcjhhhhhhhhhhhhjhhhhhhhhgghhhhhhhhjjjcjjjjjdjjjjejijiifgggg"
    "ggghjjhhhghajjdjfghjjbjjjcjjjdjbjjejjjjefggjjggghhhhhhhhjjjjeighjabjdejghjjkkkkk"
    "kkkkkkkkkkkkdkkkbkkkkkkkkkkkkekkkkkkkkkkkkkkekkkkffgggkkkkkkgkkkgggggggggggggggh"
    "kkkkkkkkhkkkhhkkkhhhhhkhhgghhhhhhhhkkkkkkkkkdkkkkekkkikfgggggggkkkhhhhhkkkkkighk"
    "kkkkkkkkkkkkkkekkkkkfkkkgggghhkhhhhhkkkkkfghkkbkkkkghkkkkkkkkkkkkkkkkkkkkkkfgkkg"
    "gggkhkhhhhhkkkkkkghkkkkkkkghkkkkkkkkghkkkllllllllllllllllllldlbllllllllllllellll"
    "llllldllllelllllflgglllllldllllggglgggggggggghhlllllllhlllhhlllhhhlhlhhgghhhhhhh"
    "hllllllllldllllellllifggggggglllhhhhhlllllighlllllllllldllllelllllflllgggghhlhhh"
    "hhlllllfghlllllllghlllllllllllllklllllkklfglllggghllhhhhhllllllghlllllllghllllkl"
    "llghlklllllllllllllllelllllfgllgggghllhhhhhlllllfghlllllllghlllkllllghlllllllllg"
    "hllklmmmmmmmmmmmmmmmmmmmmmbmmmmmmmmmmmmemmmmmmmmmmmmmmemmmmmfmggmmmmmmgmmmmggmmg"
    "gggggggggmhmmmmmmmhmmmhhmmmhhhhmmhhgghhhhhhhhmmmmmmmmmmmmmmmmmmimfgmgggggmmmmhhh"
    "hmmmmmmghmmmmmmmmmmmmmmmmmmmmmfmmmggggmmmhhhhhmmmmmmgmmmmmmmmghmmmmmmmmmmmmmmmme"
    "mmmmmfmmmgggghmmhhhhhmmmmmmghmmmmmmmmhmmmmmmmmmmmmmmmmmlmmmllmmmmemmlmmmmmmmgggh"
    "mlhhhhhmmlmmmghmmmmmlmghmmmmlmmmghlmkmmmmmmgmmmlmmmmmmmmmmmmmmmemmmmmfmmmgggghmm"
    "hhhhhmmmmmmghmmmmmmmghmmmmmmmmghmkmllmmllghllmlmmmmmmghmmklm"
    ,
    /* lead rank 8 */
    "abbbbcabcccbabcddbbdabaccaadadcddddeaaeaeccceaabddcabddeeeeeeeeeeeeeeeffffffffff"
    "ffffffffffffffffffffffffffffffffffffffffffffffgbagcbbgbcaabdcdddddeeeebeeeddeeee"
    "efffffffffffffffffffffgggggggdgdegggeggffgfgggggfghbahaabcccdddddcddddaaeaccaddd"
    "eeehefffffffffffffffffffffgbhcbcddddeecdeffffffgggggfgaabcccddddaecdeffffffahcde"
    "fgabcdefghiiiiiiiiiiiiiiiiiiidiiiiiiiiiiiiiiefffiiiiiiiiiiffffffffiiiiiiiiiiiiii"
    "eiiifffiiidefiiiiiiiiiidiiiiiiiifffiiidifgiiidefiiiiiiiiiiiiiiiiiiiiiffiiiiifiii"
    "iiifiiiiiiiiii.jbjbcbbcbcdabjjjadddaababeabddabeeefffffffffffffffffffffgbbcjcajd"
    "dajcgeffffffaggggfgjajcjcddddajcdeffffffajcdefgabcdefghiiiiiiiiiiiiiieffifffiiii"
    "ifiiiidifiiiiiiifiiijbbajcajcdajcdeffffffajcdgfgabcdefghiiiiifiiiabcdefgjijkkkbk"
    "kkckcdkbkkkakcdaakakcakkdakeeefffffffffffffffffffffkkkkkcakddakegeffffffakcggfgk"
    "kkkkcdkddakcheffffffkkcdefgakcdefhkiiiiiiiiiiiiiieffifffiiiiifiikiiifiiiiiiifiii"
    "kkkkkckkcdakcdeffffffakcdefgakcdefhhiiiiifiiiakcdefgkikkkkkkckkcdakcdeffffffakcd"
    "efgakcdefhkiiiiifiiiabcdefgkikabcdefgkikkllllllllllllllllllldllllllllllllcleffff"
    "ffflffffffffffffflllllcllldlllgeflffffllcdgfglllllcllddllldeflffffllcdefgllcdefl"
    "lilliliiliiiliiiififfflliiifilliiifiiiiiiifiiillllllllldlllleffffffllldefgllcdef"
    "gliliiifiiillldefllilllllllllldllldeffffffllldefgllldeflllliiifiiialcdefglilllcd"
    "efllillllllllllldlllleffffffllldefgllldefgllliiifiiillcdlfllilllcdlfllillllldefg"
    "lilllmmmmmmmmmmmmmmmmmmmdmmmmmmmmmmmmmmeffffmffmfffffffffffffmmmmmcmmmdmmmdefmff"
    "ffmmgdgfgmmmmmcmmddmmcdeffffffmmcdefgmmcdefmmimmimiimiiimiieffifffmmiiifgmmidifi"
    "iiiiiifiiimmmmmmmmmdmmmmeffffffmmmdgfgmmcdefgmimiiifiiimmmdmfmmmmmmmmmmmmmdmmmme"
    "ffffffmmmdefgmmmdefmmmmiiifiiimmcdmfmmmmmmcdmfmmimmmlmmmmmmmdmlmdeffffffmmmdgfgl"
    "mmdeflmlliiifiiilmmdmfmmimlmcdmfmmimmmlcdmfmmimlmmmmmmcmmmdmmmdeffffffmmmdefgmmc"
    "defmmmmiiifiiimmmdmfmmimmmcdmfmmimmalcdmfmlilmlmmcdmfmmimmlm"
    ,
    /* lead rank 9 */
    "ababbcbbbcababcdaabdabaccabdcccddcdeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeefbafcbbaff"
    "aafafcabfdeeeeeeeeeeeeeeeffffffffffeefeeffffefgbgggagcgggggggcgggdeeeegeggggeeee"
    "egbgggfggggeeeeeffffffgbgaggggggeeggeggggefggggefghhabccccccdbhcccahhdeeecceeeee"
    "eeeeefbfccchhcheeeeeffffefgagcccggggeeceehhcgefggggegghbhchchhcdeeeeeffcfefgghge"
    "fghhcdefghababcbbabcdbbaicabcdebeebeabeeeeeeefbbabcaiffeeeeeffffefgbgagcggggeeeg"
    "eaiggefggggegghbhccchbcdebeeeaicfefgicgefgaihdefghibiaicaicdeeeeeaiffefgiggefgab"
    "cdefghaicdefghijjjjjjjjjjjjjjjjjjjdjjejeejeeejeeeejjjjjfjjjjjeeeejfffefjjgjjjjgg"
    "gjeeeejjggefjjggeggjjjjjcjjcdjeeeejjcfefjjcgeggjbcdefgjjjijjjjjjjjeeeejjffefjggg"
    "efgjjcdefgjjicdefgjjjjjjjjjjjjjeeeejjjjefjjjgejjjjjjejjjjjjdefjjjjjjjejjjj.akabc"
    "kbaccdkbkkdabcdeeeeeeaeeeeeeeefkfkcfkdddeeeeeffffefgkgkggggggeeeeekgggefggggeggk"
    "khccckbcdeeeeekfcfefkgcgeggahcdefghkbikbckicdeeeeefiffefkgggefgabcdefghabcdefghk"
    "jjjjjjjjjdjeeeejfffefjgggejgjjcdejjjjjcdefgjjjjcdefjjjjkkbkcckbddeeeeekfffefgggg"
    "efgkbcdefghabcdefghijbcdefgjjjabcdefghijkallbllbllclldlcllbcdeleleeleeeeeeeeflfl"
    "ccldddeeeeelfffefglglggggggeeeeelgggefggggeggllhccclhcdleeeelfcfeflgcgegglbhdefg"
    "hlliliclicdleeeelbcfeflgggefglbcdefghlicdefghljjjjjjjjcdjeeeejjfjefjgggejgjjcdef"
    "jjjjcdefjjjjjjjejjjjjllblcclbcdleeeelfffeflgggefglbcdefghlbcdefglljbcdefgjjjlbcd"
    "efghljlllblbclbcdeeeeelbffeflgggefglbcdefghlbcdefghljjcdefgjjjlbcdefghljllbcdefg"
    "hljklmmmbmmmmmmmmmmmmmmmdememeemeeemeeeemmfmmcmmfmmeeeemfffefmmgmggmgggmeeeemggg"
    "efmgggeggmmhmccmmcdmeeeemmcfefmgcgeggmhhdefgmmmbmmcmimdmeeeemiffefmgggefgmbcdefg"
    "hmbcdefgmmjjjjjjjjjdjeeeejjfjefjgggejjjjcdejjjjjcdefgjjjjjjejjjjjmmmmmmmmcdmeeee"
    "mfffefmgggefgmbcdefgmmbcdefgmmjbcdefgjmjmbcdefgmmjmmmmmmmmmcdmeeeembffefmgcgefgm"
    "bcdefgmmbcdefgmmjbcdefjjjjmbcdefgmmjmmbcdefgmmjmmmmmmmmmmcdmeeeembfdefmgggefgmbc"
    "defgmmbcdefgmmjbcdejjjjjmbcdefgmmjmmbcdefgmmjmmmbcdefgmmjmmm"
    ,
    /* lead rank 10 */
    "abbabcbbbcababcdaadaabadcabbcccadddeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeefbafcfbcff"
    "aafafcabddeeeeeeeeeeeeeeeffffffffffeefeeffffefgbgggbgagcgdgggcdggdeeeeeeggggeeee"
    "egbggggggggeeeeeffffefgbggggggggegggeggggefggggefghhahhhhchchahhhhhhhdeeehhhhhhe"
    "eeeeehbfhhhhhhheeeeeffhfefghghhhgghgeeheehhhgefgghgeghhhhhhhhhhdehheehhhdefhhhge"
    "hghhhdefhhiiibiiiaicdiiiidaicdebeebeebeeeeeeefbiaiciiddeeeeefiffefgiiiigggggeeee"
    "eiiggefggggegghihhhhhihdehheehihfefhihdefghhhdefhhiiiiiciiddeieeeaifdefiiggefghi"
    "hdefghiicdefghiajjbjjbaccdjdjjdabcdeeeeeeaeeeeeeeefjfaccjdddeeeeeffffefgjgjggggg"
    "geeegejgggefggggegghjhhhhhhhdeeheehhhdefjhhgegghhhdefghiiijicjicdeeeeejiffefjigg"
    "egghihdefghiicdefghijjbjbcjbcdeeeeejffdefjgggefgahcdefghaicdefghijbcdefghijkkkbk"
    "kkkkkkkkkkkkkkdkkekkekeeekeeeekkfkkkkkkkkeeeekfffefkkgkkkkgggkeeeekkkgefkgggegkk"
    "khkhhkkhkkeheekkhkefkkhgekgkhhdehkkkkkkkkkikkkeeeekikfefkkkgekgkkhkekkhkicdekkkk"
    "kkkkkkkkkkkeeeekkkkefkkggekgkkhdekkkkkkdefkkkkkcdefkkkkkkkkkkkkkkkeeeekkkkefkkkg"
    "ekkkkkkekkkkkkkekkkkkkckefkkkkkkkkekkkkk.ababclbalclldlddlbcdeeeeeeleeeeeeeeflfl"
    "ccldddeeeeeffffefglglgcggggeeeeelgggefggggegghlhhhhlhhdeeheehhhfeflhhgegghhhdehg"
    "hliiliclicdeeeeeliffefliggefglihdefghlicdefghijlbljclbcdeeeeelfffeflgggefglhhdef"
    "ghlicdefghilbcdefghilkkkkkkkkkkkeeeekkkfefkgkgekkkkhkekkkkkkdefkkkkkcdefgkkkkkcd"
    "ekkkkkkllblbclbcdeeeeelbfdeflgggefglhhdefghlicdefghiabcdefghilkbcdefkkkkklbcdefg"
    "hijklmmmbmmmmmcmmbmmmmbcdeeeeeemeeeeeeeemmfmmcmdddeeeeemfffefgmgmggggggmeeeemggg"
    "efmgggeggmmhhhhmhhdmeheemhhfefmhhgegghhhdehhhmmimicmicdmeeeemiffefmiggefgmihdefg"
    "hmicdefghmmmbmmcmbcdmeeeembcfefmgggefgmhhdefghaicdefghimbcdefghimkkkkkkkkkdkeeee"
    "kkcfefkgkgekkkhhdekkkkkkdefkkkkkkdefkkkkkkkkekkkkkkmmbmmcmbddmeeeemfcfefmgggefgm"
    "hhdefhhmbcdefghmmbcdefghmmkkcdefkhkkkmbcdefghmmkmmmbmbcmbcdmeeeemfffefmgggefgmhh"
    "defghmbcdefghmmbcdefghimkbckefkkkkkmbcdefghmmkmmbcdefghimkmm"
    ,
    /* lead rank 11 */
    "abbabcbbbcababcddadaabadcabdcccdbcdeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeefbafcbbcff"
    "aafafcabddeeeeeeeeeeeeeeeffffffffcfeeeeeffffefgbgggbgcggggggggdggdebeegeggggeeee"
    "efbggggggggeeeeeffffeggbggggggggegggeggggegggggefghhabhhhchhhahhhhhhhdeeehhhhhhe"
    "eeeeehbhhhhhhhheeeeeffhfefhaghhhgghgehhgehhhgefgghgeghhhhhhhhhhdehheehhhdefhhhge"
    "fghhhdefghiiiiiiiaiiiiiiiiiiideiiiieeieeeeeeeiiiiiciifieeeeefifiefiiiiiggiggeieg"
    "eiifgefgiggefiiiihihiihdiiheeiihfefiihgefgiihdefghiiiiiciiidiieeeiiffefiiggefgii"
    "hdefghiicdefghijbjbcjbjjcjjbjjcjbcdeaeeeejeeeeeeeefjfjffjffdeeeeeffffefgjgjggggg"
    "geeegejgggefggggegghjhhhhhhhdhhheejhhfefjhhgegghhhdehghiiijiijicdiieeeiiffefjigg"
    "efgiihdefghiicdefghijjbjbcjbcdeeeeejfffefjgggefgjhhdefghiicdefghijbcdefghijababk"
    "kbkcckkbkddkbcdeeeeeekeeeeeeeefkfkfckdddeeeeeffffefgkgkggggggkeegekgggefggggeggh"
    "khhhhkhhdkhheekhhfefkhhgehghhhdefghiiiiiikiddiieeeiiffefkiggefgiihdefghiicdefghi"
    "jjbjccjbcdjeeeejfffefjgggefghhhdefghjicdefghijbcdefghijkkbkcckbcdeeeeekfffefkggg"
    "efgkhhdefghaicdefghiabcdefghijkbcdefghijklllbllllllllllllllldlleleeleeeleeeellfl"
    "lfldllleeeelfflefllgllglgggleegelgggellgggeggllhlhhlhhdlhheelhhfeflhhgehglhhdehg"
    "hllilillildlieeeliffefliggelglihlefghlicdefihlllllllllcdleeeelfcfeflgggelllhhlel"
    "lllicdefllllbcdefglllllllllllcdleeeelffdeflgggelllhhdellllicdefllllbcdefghillbcd"
    "efghlllllllllllllleeeelllleflllgellllhlellllillelllllbcdeflllllbcdeflllllllllell"
    "llll.mmmbmmbmmcmmdmbdmbcdeeemeemeeeeeeeefmfmcfmdddeeeeeffffefgmgmggggggmeegemggg"
    "efmgggegghmhhhhmhhdhhheemhhfefmhhgehgmhhdefghiiimiimicdiieeeiiffefmiggeigmihdefg"
    "hiicdefgiimmbmbcmbddmeeeemfffefmgggefgmhhdefghmicdefghijbcdefghimmmbmccmbcdmeeee"
    "mfffefmgggefgmhhdefghmicdefghimbcdefghimmbcdefghimmllllllllddleeeelffdeflgggelll"
    "hhdellllicdefllllbcdeflhlllbcdefghilllbclefllllllmmbmbcmbddmeeeemfcfefmgggefgmhh"
    "defghmicdefghimbcdefghimmbcdefghijmlbcdefghilllmbcdefghijmlm"
    ,
    /* lead rank 12 */
    "abbabcabbcababcdaaddabcdcabdcccabcdeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeefbafcbbafc"
    "aafcfcabddeeeeeeeeeeeeeeefbfaffffcfeeeeeffffefgbgggbgagggggggcdggdebeeeeggggeeeg"
    "egbgcggggggeeeeefffffggbgaggggggegggeggggefggggefghhabhhhchhhahhhhhhhdeeehhhhhhe"
    "eeeeehbfhhhhhhheeeeeffhfefhaghhhgghgehhgehhhgefgghgeghhhhhhhhhhdehheehhhfefhhhge"
    "hghhhdefghiiiiiiiiiiiiiiiiiiideiiiieiieeeieeeiiiiiciifieeeeefifiefiiiiiggiggiieg"
    "eiiggefgiggegiiiihihhihdiiheeiihfefiihgefgiihdefghiiiiiciicdiieeeiiffefiiggefgii"
    "hdefghiicdefghijjjbjjjjjcjjjjjjjjjdjjejeejeeejeeeejjfjjcjffjeeeeejfffefjjgjggjgg"
    "gjeegejgggefjgggeggjjhjhhjhhdjhheejhhfefjhhgehgjhhdefghjiijicjicdjieeejiffefjigg"
    "efgjihdefghjicdefghijjjjjjjjcdjeeeejbcfefjgggefgjhhdefjjjicdefgjjjbcdefghijakkbk"
    "kbkkckkdkkdkbcdekekeekeeekeeeekkfkffkdddeeeeeffffefgkgkggggggkeegekgggefkgggeggh"
    "khhhhkhhdkhheekhhfefkhhgeggkhhdefghiiikiikiddkieeeiiffefkiggefgkihdefghiicdefgii"
    "jjjjjjjjddjeeeejbffefjgggefjjhhdefgjjicdefghijbcdefghjjkkbkbckbcdkeeeekbffefkggg"
    "efgkhhdefghkicdefghijbcdefghijkbcdefghijklllbllblbcllbllllbcdeleleeleeeeeeeeflfl"
    "ccldddeeeeeffffefglglggggggleegelgggeflgggegghlhhhhlhhdlhheelhhfeflhhgehglhhdefg"
    "hiiiliilicdlieeeiiffefliggeiglihdefghlicdefghijjjjjjjjddjeeeejfffefjgggefgjhhdef"
    "ghjicdefghijbcdefghijlkbkccldcdkeeeekfffeflgggefgkhhdefghkicdefghijbcdefghijkbcd"
    "efghijlllblbclbddleeeelfffeflgggefglhhdefghlicdefghijbcdefghijlbcdefghijklbcdefg"
    "hijklmmmbmmmmcmmmbmmmmbmdememeemeeeeeeeemmfmmcmddmeeeeemfffefmmgmggggggmeegemggg"
    "efmgggeggmmhmhcmhhdmhheemhhfefmhhgehgmhhdehghmmimiimicdmieeemiffefmiggeigmihdefg"
    "hmicdefghijjjmjjjjddjeeeejffdefjgggejgmhhdefghjicdefgjijbcdefghijmmbmmcmmddmeeee"
    "mfffefmgggemgmhhdefghmicdefghijbcdefghijmbcdefghijmmmmmmmmbcdmeeeembffefmgggemgm"
    "hhdefghmicdefmmmjbcdefghmjmbcdefghijmmbcdefghijmmmmmmmmmmddmeeeembmfefmgggemmmhh"
    "mefmmmicdemmmmmmcdefgmmmmbcdefgmimmmbcdefmhimmmmmmmemmmmmmm."
    ,
};

const short cs_expert_peg[2][CS_EXPERT_HANDS] = {
    /* pone */
    {
        -130, -35, 38, -73, -157, -23, -1, 61, 62, 43, 60, 137, -37, 92, -110, -1,
        38, -44, -46, 34, -25, 66, 20, 106, 6, 96, 120, 84, 108, 109, 114, 22,
        -9, 39, -129, -85, -11, -20, -24, -17, -18, 81, 49, 136, 14, 10, -30, -24,
        5, 17, 109, 114, 80, 156, -25, -22, -76, -1, -76, 32, 142, -15, 31, -55,
        28, -36, -205, -206, -256, -376, -46, -20, -10, -87, -6, -37, 94, -6, 125, -60,
        48, 0, -41, 14, -3, 34, 83, 49, 65, -57, -38, -75, -7, -86, 102, 54,
        27, -92, -170, -49, -55, -81, -157, -191, -398, -6, -98, 9, -52, -30, -53, -49,
        -146, -162, -75, -90, -118, -160, -179, -137, -174, -187, -198, -225, -109, -199, -51, -25,
        -2, -20, 3, -68, 85, 11, 106, -35, -36, 22, -10, 23, 7, 3, 55, 11,
        49, -77, -62, -82, 61, -39, 16, 26, 2, -47, -66, -50, -150, -80, -149, -117,
        -251, -36, -93, -31, -78, -40, -23, 15, -53, -77, -71, -183, -168, -239, -74, -212,
        -160, -179, -144, -93, -100, -158, -38, -126, -36, -102, -51, -36, -46, -113, -122, -83,
        -211, -176, -195, -118, -152, -161, -147, -143, -115, -121, -114, -244, -207, -187, -193, -112,
        -74, -157, 11, 2, 0, -90, 7, -81, 70, -14, 90, -47, -37, -43, -35, -19,
        -45, -12, 43, 13, 40, -70, -11, -26, -75, -141, -10, 9, -17, -54, -99, -57,
        -88, -126, -167, -93, -250, -17, -93, -59, -149, -5, -38, -47, -139, -163, -73, -208,
        -236, -146, -131, -219, -195, -166, -146, -139, -114, -138, -29, -71, 53, -78, -24, -3,
        -36, -102, -130, -67, -145, -163, -185, -117, -202, -129, -155, -169, -104, -154, -142, -130,
        -140, -123, -139, -104, -93, -64, -15, -98, -86, -142, -83, 5, -75, -122, -173, -79,
        -136, -172, -128, -138, -190, -113, -146, -149, -141, -148, -122, -105, -105, -139, -135, -95,
        -99, -64, -200, -216, -245, -205, -179, -149, -117, -223, -31, 34, -44, -92, 20, -75,
        56, 15, 29, -77, -18, -47, -60, -72, -38, -42, 56, 12, 37, -66, -10, -159,
        -94, -125, 4, -5, -91, -131, -105, -39, -138, -169, -85, -119, -223, 0, -121, -61,
        -116, -31, -43, -61, -160, -115, -16, -194, -148, -107, -167, -181, -87, -74, -84, -102,
        -46, -80, -29, -177, -9, -95, -81, -51, -77, -124, -109, -50, -139, -172, -140, -105,
        -238, -146, -172, -134, -61, -151, -60, -128, -137, -146, -152, -128, -96, -86, -10, -150,
        -108, -138, -74, -14, -87, -141, -135, -4, -162, -202, -89, -175, -195, -193, -190, -124,
        -168, -160, -77, -183, -168, -79, -47, -186, -163, -116, -102, -163, -154, -137, -155, -105,
        -122, -136, -14, -146, -44, -140, -77, -55, -84, -182, -119, 0, -152, -152, -133, -156,
        -97, -101, -125, -126, -84, -40, -73, -186, -148, -129, -117, -210, -90, -128, -190, -203,
        -95, -183, -175, -98, -180, -121, -238, -199, -123, -175, -141, -113, -193, -206, -201, -102,
        -57, -21, -9, -37, -98, 20, 20, 55, -64, 3, -84, -46, -52, -61, -16, 5,
        17, 38, -51, -70, -150, -58, -132, -26, 11, -127, -124, -86, -15, -132, -112, -82,
        -120, -211, -85, -182, -78, -160, -101, -19, -108, -136, -134, -37, -155, -122, -142, -159,
        -197, -137, -133, -146, -135, -134, -164, -93, -158, -52, -149, -120, -23, -92, -95, -122,
        -46, -168, -142, -143, -116, -199, -183, -203, -198, -86, -185, -164, -189, -168, -165, -120,
        -162, -129, -120, -63, -156, -37, -183, -115, -24, -117, -145, -153, -49, -168, -174, -139,
        -125, -194, -187, -206, -196, -151, -154, -162, -157, -134, -155, -103, -172, -158, -96, -151,
        -155, -149, -146, -196, -133, -105, -171, -62, -204, -61, -148, -86, -41, -130, -179, -150,
        -7, -115, -196, -143, -146, -173, -160, -173, -129, -162, -124, -76, -188, -176, -137, -118,
        -205, -183, -125, -178, -141, -112, -170, -197, -177, -208, -143, -186, -133, -104, -172, -196,
        -106, -200, -203, -171, -72, -176, -76, -156, -137, -27, -137, -180, -148, -35, -22, -79,
        -61, -78, -50, -210, -187, -171, -208, -55, -163, -201, -182, -163, -150, -104, -202, -173,
        -202, -143, -178, -179, -116, -175, -188, -155, -216, -155, -116, -171, -93, -181, -198, -208,
        -161, -252, -192, -177, -198, -101, -181, -189, -175, -176, -235, -90, -63, -7, -7, -36,
        -93, 10, 1, 49, -67, 8, -70, -32, -59, -69, -14, 1, 2, 20, -45, -84,
        -159, -49, -122, -20, 11, -142, -135, -79, -10, -142, -108, -76, -124, -209, -84, -181,
        -74, -175, -96, -25, -105, -128, -131, -45, -150, -136, -134, -175, -199, -133, -134, -130,
        -142, -148, -156, -73, -151, -48, -144, -123, -20, -110, -110, -135, -56, -168, -144, -142,
        -125, -198, -176, -213, -201, -86, -195, -160, -164, -173, -174, -104, -165, -140, -113, -63,
        -158, -50, -182, -112, -35, -132, -145, -161, -47, -144, -158, -145, -121, -168, -173, -132,
        -174, -154, -155, -147, -167, -122, -150, -91, -148, -163, -106, -155, -174, -142, -169, -180,
        -108, -92, -150, -54, -175, -58, -147, -91, -53, -141, -177, -148, -20, -130, -206, -148,
        -156, -168, -175, -170, -134, -167, -142, -86, -186, -186, -138, -104, -202, -174, -125, -178,
        -156, -116, -169, -174, -161, -187, -107, -196, -140, -119, -155, -189, -105, -196, -179, -173,
        -103, -198, -80, -192, -147, -40, -164, -186, -153, -27, -135, -156, -157, -178, -130, -239,
        -176, -194, -211, -143, -161, -225, -187, -172, -132, -177, -213, -157, -227, -155, -190, -165,
        -185, -178, -176, -137, -228, -163, -145, -175, -177, -199, -199, -219, -172, -212, -151, -146,
        -167, -80, -148, -154, -148, -157, -199, -66, -147, -82, -158, -138, -40, -159, -192, -148,
        -35, -52, -68, -63, -64, -40, -210, -187, -187, -213, -67, -150, -192, -182, -158, -145,
        -95, -198, -177, -209, -161, -190, -179, -93, -151, -184, -161, -211, -183, -115, -176, -94,
        -183, -205, -190, -166, -216, -149, -143, -164, -72, -154, -168, -147, -159, -142, -242, -202,
        -156, -185, -86, -191, -194, -169, -174, -188, -231, -82, -52, -29, -22, -19, -98, 18,
        0, 64, -70, 8, -80, -56, -45, -64, -14, 6, 0, 38, -47, -72, -146, -67,
        -121, -10, 4, -130, -133, -87, -21, -151, -95, -88, -129, -220, -88, -183, -86, -171,
        -91, -9, -99, -147, -128, -58, -158, -125, -129, -171, -210, -131, -126, -139, -137, -146,
        -153, -61, -154, -44, -141, -136, -14, -132, -106, -140, -68, -162, -154, -150, -123, -192,
        -179, -214, -198, -82, -202, -160, -181, -178, -163, -114, -162, -140, -122, -51, -153, -58,
        -188, -106, -37, -125, -150, -154, -52, -166, -178, -141, -133, -186, -167, -146, -184, -144,
        -153, -152, -155, -131, -151, -89, -155, -159, -93, -171, -159, -152, -162, -183, -113, -91,
        -158, -59, -176, -86, -152, -109, -67, -135, -193, -148, -35, -167, -200, -140, -156, -157,
        -166, -162, -133, -165, -135, -77, -180, -188, -132, -105, -199, -152, -119, -184, -148, -108,
        -171, -184, -156, -189, -116, -215, -141, -130, -166, -166, -77, -202, -182, -143, -109, -206,
        -84, -193, -165, -39, -172, -184, -155, -40, -211, -173, -158, -185, -138, -249, -190, -202,
        -217, -147, -154, -232, -191, -178, -129, -171, -210, -160, -233, -165, -192, -172, -177, -185,
        -185, -160, -233, -163, -141, -168, -179, -174, -208, -227, -142, -233, -163, -146, -167, -94,
        -157, -160, -156, -145, -202, -84, -188, -89, -190, -146, -32, -171, -192, -142, -28, -123,
        -142, -145, -173, -108, -242, -198, -204, -214, -137, -144, -223, -200, -172, -140, -169, -201,
        -159, -240, -169, -182, -179, -160, -142, -163, -122, -234, -168, -137, -191, -167, -161, -198,
        -195, -143, -237, -179, -175, -167, -160, -237, -257, -227, -254, -147, -222, -157, -146, -155,
        -62, -149, -152, -145, -151, -125, -184, -58, -167, -97, -149, -143, -47, -158, -194, -151,
        -34, -49, -80, -75, -89, -42, -218, -194, -192, -213, -86, -161, -199, -196, -173, -142,
        -107, -211, -168, -220, -158, -191, -188, -100, -161, -192, -163, -212, -186, -127, -183, -93,
        -163, -218, -199, -173, -214, -168, -159, -188, -84, -182, -178, -171, -160, -165, -209, -147,
        -124, -158, -55, -163, -168, -128, -150, -133, -127, -239, -178, -163, -181, -102, -201, -186,
        -173, -189, -189, -159, -217, -82, -39, -14, -8, -13, -82, 18, 3, 58, -68, 1,
        -83, -58, -52, -69, -11, 5, 11, 32, -43, -68, -153, -72, -122, -20, 17, -140,
        -139, -75, -19, -122, -95, -85, -120, -209, -77, -182, -88, -170, -91, -19, -103, -141,
        -135, -50, -160, -124, -126, -165, -217, -134, -134, -142, -151, -137, -147, -80, -162, -46,
        -138, -112, -20, -119, -100, -125, -47, -166, -143, -153, -126, -213, -174, -207, -201, -85,
        -184, -165, -168, -175, -171, -104, -155, -135, -107, -44, -149, -50, -194, -98, -33, -134,
        -149, -165, -62, -164, -163, -138, -134, -201, -174, -141, -175, -151, -140, -150, -146, -128,
        -152, -88, -152, -159, -92, -154, -158, -144, -160, -179, -110, -79, -157, -55, -189, -81,
        -161, -104, -79, -140, -203, -138, -26, -181, -192, -151, -157, -198, -166, -182, -136, -176,
        -141, -77, -176, -193, -132, -114, -197, -173, -116, -170, -144, -118, -169, -177, -162, -187,
        -121, -224, -142, -122, -163, -183, -81, -195, -186, -148, -104, -212, -83, -211, -166, -54,
        -184, -186, -150, -40, -211, -157, -153, -172, -122, -251, -204, -209, -215, -136, -153, -230,
        -197, -182, -142, -169, -217, -169, -238, -165, -191, -166, -173, -189, -182, -150, -236, -170,
        -145, -178, -165, -163, -217, -217, -146, -232, -165, -160, -165, -71, -144, -148, -140, -135,
        -175, -101, -210, -96, -209, -144, -41, -189, -195, -155, -40, -209, -173, -150, -193, -126,
        -245, -188, -208, -220, -149, -144, -232, -206, -171, -142, -173, -206, -173, -251, -182, -193,
        -180, -157, -153, -167, -140, -239, -181, -143, -180, -177, -179, -211, -185, -146, -236, -173,
        -162, -166, -159, -232, -233, -228, -242, -122, -223, -163, -147, -160, -85, -153, -162, -143,
        -157, -131, -191, -89, -208, -98, -204, -162, -39, -179, -190, -155, -42, -217, -169, -153,
        -188, -138, -249, -195, -226, -221, -149, -154, -235, -199, -176, -143, -172, -208, -141, -249,
        -177, -191, -185, -193, -156, -167, -121, -246, -178, -148, -180, -179, -147, -209, -189, -111,
        -254, -189, -169, -185, -158, -241, -242, -242, -231, -143, -237, -180, -159, -170, -171, -234,
        -250, -228, -243, -246, -139, -220, -177, -159, -172, -75, -179, -177, -150, -162, -142, -150,
        -179, -61, -166, -92, -151, -123, -37, -151, -185, -159, -35, -47, -86, -77, -76, -62,
        -213, -196, -193, -220, -67, -165, -200, -190, -169, -140, -110, -214, -176, -214, -163, -190,
        -187, -103, -172, -175, -162, -204, -179, -131, -189, -97, -175, -206, -197, -172, -232, -172,
        -159, -173, -64, -161, -162, -134, -161, -173, -211, -170, -161, -178, -88, -182, -181, -155,
        -163, -131, -143, -225, -176, -148, -173, -95, -177, -175, -159, -159, -135, -170, -153, -222,
        -183, -164, -178, -106, -196, -196, -167, -179, -163, -171, -173, -219,
    },
    /* dealer */
    {
        71, 142, 160, 91, 87, 164, 147, 165, 184, 178, 136, 210, 90, 123, 39, 152,
        191, 138, 143, 204, 226, 219, 170, 215, 146, 203, 120, 163, 198, 239, 278, 88,
        91, 164, 5, 104, 179, 159, 224, 197, 175, 222, 184, 180, 163, 213, 143, 186,
        185, 190, 228, 169, 158, 221, 121, 182, 166, 217, 222, 204, 217, 195, 211, 168,
        240, 96, 181, 180, 231, 70, 183, 164, 127, 138, 168, 154, 179, 127, 137, 134,
        188, 137, 153, 153, 175, 220, 131, 155, 219, 120, 160, 108, 193, 134, 169, 135,
        160, 166, 178, 181, 205, 228, 253, 218, 234, 192, 117, 169, 126, 147, 179, 151,
        198, 221, 277, 173, 192, 193, 235, 260, 89, 74, 118, 184, 160, 23, 213, 145,
        95, 195, 145, 130, 159, 114, 128, 151, 189, 107, 141, 200, 188, 220, 154, 150,
        234, 102, 162, 95, 192, 124, 90, 133, 141, 158, 162, 173, 211, 216, 219, 269,
        188, 155, 140, 189, 142, 177, 189, 173, 202, 240, 239, 148, 165, 193, 213, 226,
        209, 212, 236, 264, 189, 120, 195, 122, 225, 139, 192, 194, 169, 193, 235, 190,
        192, 189, 170, 200, 242, 238, 265, 280, 268, 189, 158, 111, 122, 115, 117, 137,
        102, -2, 250, 139, 111, 191, 199, 108, 169, 156, 190, 152, 172, 118, 139, 179,
        194, 227, 104, 120, 202, 64, 169, 118, 136, 130, 120, 166, 150, 119, 191, 196,
        180, 191, 235, 217, 178, 187, 124, 156, 168, 208, 201, 158, 209, 270, 185, 126,
        148, 181, 159, 202, 175, 181, 170, 194, 168, 65, 174, 99, 153, 186, 198, 175,
        178, 216, 218, 195, 174, 133, 151, 173, 201, 152, 159, 212, 171, 123, 143, 188,
        188, 182, 178, 175, 133, 79, 149, 94, 169, 154, 197, 194, 133, 151, 187, 140,
        148, 149, 158, 184, 179, 170, 185, 174, 130, 173, 131, 183, 150, 166, 170, 146,
        87, 80, 95, 99, 110, 61, 96, 44, 63, -43, 196, 155, 88, 170, 181, 109,
        182, 100, 160, 96, 157, 130, 153, 177, 230, 182, 126, 159, 226, 75, 187, 108,
        167, 125, 139, 183, 118, 150, 192, 173, 146, 204, 186, 181, 152, 181, 123, 117,
        114, 178, 146, 122, 163, 226, 166, 110, 168, 191, 181, 210, 167, 163, 164, 179,
        189, 97, 151, 92, 117, 136, 157, 154, 169, 147, 193, 154, 119, 157, 146, 162,
        164, 121, 159, 181, 186, 116, 127, 172, 197, 183, 170, 153, 127, 44, 171, 136,
        166, 178, 190, 175, 131, 146, 213, 161, 119, 146, 172, 150, 207, 130, 143, 187,
        155, 152, 130, 158, 174, 147, 165, 127, 103, 90, 150, 175, 197, 121, 164, 141,
        117, 85, 150, 122, 154, 106, 145, 101, 146, 133, 132, 132, 111, 148, 124, 109,
        152, 139, 146, 120, 160, 144, 114, 132, 157, 112, 163, 135, 106, 100, 148, 159,
        131, 107, 170, 127, 133, 138, 57, 73, 34, 70, 67, 78, 66, 108, -16, 126,
        125, 65, 153, 140, 128, 111, 119, 99, 95, 167, 128, 146, 161, 163, 182, 98,
        129, 194, 80, 119, 125, 172, 116, 147, 180, 163, 156, 184, 168, 134, 142, 189,
        212, 147, 109, 95, 98, 133, 100, 134, 178, 156, 196, 166, 143, 113, 156, 156,
        184, 141, 107, 130, 187, 147, 38, 110, 103, 143, 121, 124, 138, 115, 138, 156,
        132, 113, 120, 136, 152, 190, 158, 157, 181, 198, 135, 99, 135, 155, 138, 160,
        154, 140, 71, 132, 106, 127, 133, 141, 145, 116, 150, 169, 116, 100, 113, 115,
        150, 172, 134, 132, 140, 124, 118, 99, 136, 120, 139, 157, 148, 107, 100, 118,
        134, 154, 95, 142, 87, 98, 40, 122, 80, 107, 119, 118, 118, 132, 143, 162,
        103, 93, 136, 119, 127, 121, 117, 97, 85, 126, 98, 93, 112, 123, 103, 119,
        110, 75, 87, 111, 122, 100, 66, 112, 100, 97, 118, 74, 103, 65, 74, 110,
        109, 92, 120, 60, 107, 73, 98, 96, 71, 90, 108, 108, 113, 82, 67, 100,
        100, 105, 141, 61, 61, 80, 88, 76, 68, 75, 65, 67, 70, 94, 47, 51,
        59, 55, 84, 65, 95, 70, 84, 57, 43, 57, 51, 52, 82, 63, 47, 65,
        50, 8, 15, 22, 21, 32, 14, 4, 28, 36, -33, 167, 129, 62, 168, 149,
        117, 130, 114, 115, 96, 189, 130, 134, 152, 152, 185, 106, 124, 202, 79, 113,
        115, 167, 126, 151, 166, 163, 167, 189, 165, 152, 139, 183, 223, 130, 86, 77,
        121, 119, 119, 148, 168, 151, 194, 166, 141, 131, 169, 165, 173, 143, 116, 149,
        197, 156, 31, 112, 94, 147, 115, 119, 147, 130, 162, 155, 127, 120, 117, 138,
        166, 174, 164, 152, 184, 179, 134, 119, 136, 147, 145, 163, 163, 161, 72, 119,
        91, 122, 129, 144, 146, 102, 142, 167, 122, 95, 115, 107, 136, 165, 116, 144,
        132, 124, 113, 92, 129, 138, 120, 148, 149, 82, 116, 100, 123, 139, 100, 133,
        77, 100, 30, 127, 84, 120, 129, 137, 128, 126, 137, 165, 93, 109, 120, 109,
        114, 108, 105, 93, 96, 137, 72, 73, 110, 113, 104, 127, 107, 82, 77, 91,
        122, 102, 76, 103, 93, 93, 128, 57, 100, 85, 83, 111, 90, 83, 120, 59,
        119, 91, 94, 134, 82, 93, 123, 117, 117, 74, 96, 100, 103, 111, 125, 78,
        62, 69, 76, 53, 45, 70, 51, 55, 80, 90, 44, 53, 72, 52, 76, 67,
        87, 49, 78, 52, 43, 46, 54, 62, 59, 39, 37, 61, 79, 37, -5, 20,
        18, 54, 24, 24, 43, 39, -18, 103, 62, 110, 98, 91, 100, 81, 122, 138,
        89, 79, 105, 110, 107, 116, 66, 78, 101, 92, 75, 54, 52, 60, 70, 87,
        92, 56, 56, 56, 66, 86, 47, 83, 61, 71, 41, 41, 63, 73, 62, 65,
        60, 58, 74, 49, 26, 7, 27, 25, 64, 25, 16, 13, 26, 8, 9, 18,
        41, 31, 41, 25, 2, 14, 18, -13, -32, 171, 130, 61, 191, 150, 125, 131,
        112, 100, 92, 191, 137, 153, 140, 167, 184, 107, 127, 200, 80, 120, 109, 176,
        128, 149, 177, 151, 166, 204, 159, 154, 152, 192, 219, 126, 90, 88, 108, 109,
        107, 146, 172, 148, 198, 169, 135, 131, 162, 167, 168, 132, 118, 158, 197, 151,
        33, 110, 109, 154, 128, 128, 134, 112, 144, 150, 119, 102, 139, 140, 151, 200,
        163, 148, 191, 187, 148, 127, 136, 156, 144, 154, 146, 149, 61, 137, 90, 137,
        133, 153, 148, 105, 145, 170, 120, 109, 114, 115, 124, 156, 121, 129, 132, 123,
        109, 95, 146, 139, 126, 159, 154, 84, 94, 110, 135, 140, 88, 123, 84, 102,
        29, 120, 84, 120, 137, 115, 120, 141, 116, 165, 116, 117, 125, 122, 112, 108,
        111, 104, 103, 131, 75, 67, 111, 99, 121, 104, 94, 66, 82, 92, 117, 116,
        80, 121, 95, 91, 111, 56, 82, 77, 91, 100, 74, 88, 107, 42, 102, 90,
        108, 111, 86, 91, 126, 121, 117, 62, 110, 104, 110, 94, 111, 77, 45, 67,
        77, 60, 43, 57, 60, 56, 80, 85, 25, 52, 59, 53, 68, 56, 70, 42,
        69, 56, 31, 37, 48, 62, 56, 36, 57, 51, 59, 19, 7, 40, 32, 47,
        16, 14, 34, 23, -16, 125, 92, 106, 126, 84, 92, 117, 117, 117, 74, 100,
        105, 109, 110, 106, 85, 58, 79, 83, 56, 52, 58, 51, 67, 72, 91, 40,
        60, 54, 57, 63, 47, 78, 61, 71, 38, 33, 51, 64, 55, 62, 32, 48,
        52, 56, 37, 5, 17, 21, 39, -5, 17, 3, 6, 27, 15, -6, 14, 7,
        56, 30, 21, 18, 16, 23, -12, 125, 56, 119, 121, 82, 103, 114, 127, 138,
        92, 93, 113, 108, 106, 129, 66, 77, 89, 88, 72, 48, 66, 62, 75, 87,
        91, 40, 58, 60, 49, 87, 57, 89, 58, 69, 48, 44, 36, 64, 66, 60,
        51, 50, 42, 41, 19, 11, 42, 37, 61, 15, 20, 9, 6, 2, 27, 1,
        13, 15, 61, 33, 25, 13, 16, 8, -1, 20, 9, 36, 22, 51, 28, 3,
        8, 0, -25, -17, -25, 184, 130, 76, 183, 154, 143, 122, 121, 105, 91, 180,
        143, 152, 158, 161, 173, 123, 137, 196, 71, 135, 126, 169, 127, 164, 181, 146,
        169, 202, 172, 166, 168, 185, 215, 115, 98, 85, 112, 143, 113, 151, 218, 155,
        195, 171, 137, 114, 163, 164, 178, 141, 117, 141, 191, 151, 30, 118, 112, 143,
        140, 126, 140, 107, 162, 147, 123, 109, 132, 140, 164, 187, 182, 145, 166, 194,
        145, 120, 127, 158, 135, 158, 158, 149, 62, 147, 121, 147, 144, 145, 161, 118,
        153, 169, 118, 107, 118, 105, 146, 150, 128, 137, 139, 119, 99, 93, 146, 129,
        137, 156, 129, 80, 105, 113, 123, 123, 91, 124, 69, 96, 36, 139, 74, 123,
        137, 106, 126, 136, 127, 175, 98, 123, 133, 119, 123, 120, 116, 94, 99, 134,
        86, 61, 117, 93, 94, 113, 96, 83, 75, 91, 113, 109, 77, 130, 99, 90,
        113, 61, 75, 66, 79, 105, 79, 80, 109, 41, 103, 71, 105, 134, 71, 86,
        124, 113, 116, 71, 99, 119, 107, 93, 119, 77, 51, 69, 71, 52, 49, 53,
        56, 72, 65, 82, 24, 54, 50, 51, 64, 47, 61, 38, 71, 48, 33, 37,
        33, 50, 64, 22, 43, 48, 54, 14, 8, 36, 22, 46, 13, 21, 31, 23,
        -38, 118, 92, 101, 136, 78, 93, 140, 112, 111, 63, 89, 97, 113, 104, 105,
        82, 55, 61, 84, 57, 47, 60, 54, 52, 76, 92, 44, 57, 55, 54, 58,
        42, 66, 50, 57, 46, 37, 21, 47, 42, 57, 27, 37, 69, 54, 15, 5,
        29, 30, 45, 10, 9, 5, -8, 5, 20, -13, 18, 16, 42, 24, 16, 12,
        21, -9, -29, 126, 101, 105, 130, 81, 95, 130, 122, 117, 71, 104, 112, 106,
        97, 126, 90, 46, 73, 88, 52, 55, 55, 47, 48, 81, 88, 15, 40, 66,
        47, 54, 41, 71, 44, 56, 41, 44, 30, 40, 66, 70, 37, 36, 60, 44,
        11, 18, 25, 36, 39, -1, 15, -5, -23, -15, 21, 3, 21, 20, 39, 2,
        5, 3, 1, -30, 6, 33, 6, 11, 2, 44, 10, 3, 6, 6, -13, -2,
        -25, 140, 79, 119, 137, 102, 115, 134, 121, 123, 78, 105, 126, 110, 100, 129,
        101, 78, 82, 88, 83, 58, 67, 60, 69, 68, 91, 46, 53, 69, 57, 72,
        51, 82, 50, 76, 56, 60, 53, 41, 49, 70, 52, 45, 66, 35, 32, 26,
        32, 29, 56, 19, -1, 10, -3, -26, 34, 9, 33, 24, 52, 12, 0, 5,
        5, -7, -16, 41, 15, 21, 13, 51, 32, 0, 10, 2, -14, -14, -7, 33,
        16, 27, 13, 51, 21, 2, 9, 13, -27, -13, -12, -20,
    },
};
